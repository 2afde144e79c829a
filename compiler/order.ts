// One order for names and paths on every machine. `localeCompare` follows the machine's locale
// (in Lithuanian y sorts before j, in Estonian z before t), so the same specs would load, and
// their problems print, in another order on a machine set to another language.

/** By UTF-16 code unit, as `sort()` with no comparer orders strings. */
export const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
