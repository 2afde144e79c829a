// The flags every tool of the project starts Debian's chromium with (the tests, npm run shots,
// npm run lighthouse): no sandbox (containers), no GPU, and no network but this machine's own
// address: the pages link to shops, they load nothing from them.

// Chromium 156 run headless is the whole browser: each new window (a Playwright page) loads two
// omnibox pop-ups of its toolbar as web pages of their own (chrome://omnibox-popup.top-chrome),
// which cost more CPU than the page under test: about 2.3 core-seconds for each page opened, of
// which the site's page takes 0.85. Nobody here types into an address bar.
export const ownDisabledFeatures = ["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"];

// Chromium keeps only the last --disable-features switch, and Playwright passes one of its own
// before ours (playwright-core's chromiumSwitches, 1.65), so ours repeats Playwright's list.
// tests/support/browser-server.ts fails the run if Playwright's list grows past this copy.
export const playwrightDisabledFeatures = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
  `--disable-features=${[...playwrightDisabledFeatures, ...ownDisabledFeatures].join(",")}`,
];

// The pages of cn, jp and kr name the system's CJK faces (templates/tokens.css), "Noto Sans CJK" on
// Linux. Without a CJK font Chromium draws every such letter as a box of one width: a screenshot
// shows nothing to review and a layout test measures boxes, not text. Debian's package:
export const cjkFont = { file: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", package: "fonts-noto-cjk" };
