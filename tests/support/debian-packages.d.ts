/** Makes sure `binary` exists, installing Debian's `name` package when it does not: null when it is there, else why not. */
export function ensureDebianPackage(binary: string, name: string): string | null;
