// Types of run-ts.js for the TypeScript that calls it (the render worker pool).
export const root: string;
export function importBundled(entry: string, name: string, sourceDirs: string[]): Promise<unknown>;
export function bundled(entry: string, name: string, sourceDirs: string[]): Promise<string>;
export function bundledCli(): Promise<string>;
