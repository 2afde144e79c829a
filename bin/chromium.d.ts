/** The flags every tool of the project starts Debian's chromium with (bin/chromium.js). */
export declare const chromiumArgs: string[];
/** The features Playwright turns off, repeated in chromiumArgs' one --disable-features switch. */
export declare const playwrightDisabledFeatures: string[];
/** The features the project turns off beside Playwright's. */
export declare const ownDisabledFeatures: string[];
