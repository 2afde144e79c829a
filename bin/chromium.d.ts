/** The flags every tool of the project starts Debian's chromium with (bin/chromium.js). */
export declare const chromiumArgs: string[];
