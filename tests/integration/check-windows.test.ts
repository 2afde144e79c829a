// site check-windows as a report for campaign managers: what runs or is coming at --at, grouped by
// campaign and stage under their spec names, dates with year and weekday, OVERLAP, the finished
// windows only with --all. Every run passes --at: nothing here depends on the wall clock. Exit
// codes of the process itself: tests/integration/cli.test.ts.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import stringWidth from "string-width";
import { afterAll, describe, expect, test } from "vitest";
import { projectRoot, runSite, siteCommand } from "../support/cli.ts";
import { materialize } from "../support/fixtures.ts";

const YEAR_LATER = "2026-11-23T12:00Z";
const BLACK_FRIDAY = "2024-11-25T12:00+01:00";

/** A row of the report's table: name, regions, state, start, end; a RegExp cell matches loosely. */
const rowOf = (...cells: [string, string, string, string | RegExp, string | RegExp]) =>
  new RegExp(
    `^${cells.map((cell) => (typeof cell === "string" ? cell.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : cell.source)).join(" {2,}")}$`,
    "m",
  );
/** Black Friday's start hour is the campaign's decision (09:00 or midnight): only its day is asserted. */
const BLACK_FRIDAY_STARTS = /Fri 22 Nov 2024 \d\d:00 CET \*/;

describe("site check-windows, by default", () => {
  test("a year after the campaigns: only what still runs, no warnings about finished windows, and one line counting them", async () => {
    const { code, stdout } = await siteCommand(["check-windows", "--at", YEAR_LATER]);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines.length).toBeLessThan(40);
    expect(stdout).not.toContain("window-over");
    expect(stdout).not.toMatch(/ over {2,}/);
    expect(stdout).toMatch(
      rowOf("Flagship Bumblebee launch › Regular price", "eu fr de", "live", "Mon 28 Apr 2025 00:00 CEST", "-"),
    );
    expect(stdout).not.toContain("Early Black Friday");
    // The closing line counts the finished rows that --all shows.
    const all = (await siteCommand(["check-windows", "--at", YEAR_LATER, "--all"])).stdout;
    const finished = all.split("\n").filter((line) => / over {2,}/.test(line)).length;
    expect(finished).toBeGreaterThan(0);
    expect(lines.at(-1)).toBe(`${finished} finished windows not shown; --all lists them`);
  });

  test("a menu entry that names a product is reported by the product's name in each region, in columns as a terminal shows them", async () => {
    const { stdout } = await siteCommand(["check-windows", "--at", YEAR_LATER]);
    // The real specs' NEW tags are on entries that name Flagship Bumblebee (identify), with no label of their own.
    expect(stdout).not.toContain("undefined");
    expect(stdout).toMatch(rowOf("nav Flagship Bumblebee", "us uk eu fr de", "live", /Wed 26 Mar 2025 .*/, "-"));
    expect(stdout).toMatch(/^nav 旗舰级大黄蜂 +cn +live /m);
    // A Chinese or Japanese character takes two columns: the state column starts at one column on every row.
    const live = stdout.split("\n").filter((line) => line.includes("  live  "));
    expect(live.some((line) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(line))).toBe(true);
    expect(new Set(live.map((line) => stringWidth(line.slice(0, line.indexOf("  live  ")))))).toHaveProperty("size", 1);
  });

  test("--all lists the finished windows, with a window-over warning for each, and no closing count", async () => {
    const { code, stdout } = await siteCommand(["check-windows", "--at", YEAR_LATER, "--all"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^specs\/campaigns\/black-friday-2024\.yaml:\d+:\d+ warning window-over {2}Black Friday 2024 › Early Black Friday in eu ended at 2024-11-22T00:00:00\+01:00\.$/m,
    );
    expect(stdout).toMatch(
      rowOf(
        "Black Friday 2024 › Early Black Friday",
        "us uk eu fr de",
        "over",
        "Thu 14 Nov 2024 09:00 CET *",
        "Thu 21 Nov 2024 23:59 CET *",
      ),
    );
    expect(stdout).toMatch(/^All windows at 2026-11-23T12:00Z /m);
    expect(stdout).not.toContain("not shown");
  });

  test("during Black Friday: the campaign's and stages' names, one row for the regions that share a stage's times, years and weekdays", async () => {
    const { code, stdout } = await siteCommand(["check-windows", "--at", BLACK_FRIDAY]);
    expect(code).toBe(0);
    expect(stdout.trimEnd().split("\n").length).toBeLessThan(40);
    expect(stdout).toMatch(/^Windows running or upcoming at 2024-11-25T12:00\+01:00 \(Mon 25 Nov 2024 12:00 /m);
    expect(stdout).toMatch(/^window {2,}regions {2,}state {2,}start {2,}end \(last minute\)$/m);
    expect(stdout).toMatch(
      rowOf(
        "Black Friday 2024 › Black Friday",
        "us uk eu fr de",
        "live",
        BLACK_FRIDAY_STARTS,
        "Fri 29 Nov 2024 23:59 CET *",
      ),
    );
    // Cyber Monday ends later in us: its own row, in the region's own zone.
    expect(stdout).toMatch(
      rowOf(
        "Black Friday 2024 › Cyber Monday",
        "us",
        "upcoming",
        "Fri 29 Nov 2024 15:00 PST",
        "Wed 4 Dec 2024 14:59 PST",
      ),
    );
    expect(stdout).toMatch(
      rowOf(
        "Black Friday 2024 › Cyber Monday",
        "uk eu fr de",
        "upcoming",
        "Sat 30 Nov 2024 00:00 CET *",
        "Mon 2 Dec 2024 23:59 CET *",
      ),
    );
    // Regions whose zones show the same clock (Paris, Berlin) share a row in that clock, unmarked.
    expect(stdout).toMatch(
      rowOf(
        "Flagship Bumblebee launch › Early bird",
        "eu fr de",
        "upcoming",
        "Wed 26 Mar 2025 17:00 CET",
        "Sun 27 Apr 2025 23:59 CEST",
      ),
    );
    expect(stdout).toMatch(
      /^\* times in Europe\/Paris, the campaign's zone: the row's regions have different local times$/m,
    );
    expect(stdout).not.toMatch(/stage \d/);
    expect(stdout.trimEnd().split("\n").at(-1)).toBe("1 finished window not shown; --all lists them");
  });

  test("campaigns first, stage by stage, then page windows, then nav start times", async () => {
    const { root, cleanup } = materialize("base");
    try {
      const { stdout } = await siteCommand(["check-windows", "--at", "2025-06-05T00:00+08:00"], { cwd: root });
      const names = stdout
        .split("\n")
        .slice(2)
        .map((line) => line.split(/ {2,}/)[0]);
      // The entry's label is ignored beside identify, in the menu and here: it shows the product's name.
      expect(names.slice(0, 4)).toEqual([
        "Summer sale › Early",
        "Summer sale › Main",
        "page sale",
        "nav Flagship Bumblebee",
      ]);
      expect(stdout).toMatch(
        rowOf("page sale", "us", "live", "Sat 31 May 2025 09:00 PDT", "Sat 14 Jun 2025 08:59 PDT"),
      );
    } finally {
      cleanup();
    }
  });

  test("two campaigns that start at once are listed in the same order whatever language the machine is set to", () => {
    const { root, cleanup } = materialize("base");
    try {
      // Sorted by the machine's locale, Lithuanian puts y before j.
      for (const id of ["yard-days", "jet-days"])
        writeFileSync(
          join(root, "specs", "campaigns", `${id}.yaml`),
          `# yaml-language-server: $schema=../../schemas/campaign.schema.json\nname: ${id}\nregions: [us]\nstages:\n  - { name: Days, start: 2027-03-06T00:00Z, end: 2027-03-08T00:00Z }\n`,
        );
      const namesIn = (locale: string) => {
        const { stdout } = runSite(["check-windows", "--at", "2027-01-01T00:00Z"], {
          cwd: root,
          env: { LC_ALL: locale, LANG: locale },
        });
        return stdout
          .split("\n")
          .filter((line) => /^\S+-days › /.test(line))
          .map((line) => line.split(" ›")[0]);
      };
      expect(namesIn("en_US.UTF-8")).toEqual(["jet-days", "yard-days"]);
      expect(namesIn("lt_LT.UTF-8")).toEqual(["jet-days", "yard-days"]);
    } finally {
      cleanup();
    }
  });

  test("a zone shows by the name shoppers read (PST, CET, BST), by its offset only where it has none", async () => {
    const { stdout } = await siteCommand(["check-windows", "--at", "2025-03-01T00:00Z"]);
    expect(stdout).toMatch(
      rowOf("Flagship Bumblebee launch › Early bird", "us", "upcoming", "Wed 26 Mar 2025 09:00 PDT", /.+ PDT/),
    );
    expect(stdout).toMatch(
      rowOf("Flagship Bumblebee launch › Early bird", "uk", "upcoming", "Wed 26 Mar 2025 16:00 GMT", /.+ BST/),
    );
    expect(stdout).toMatch(
      rowOf("Flagship Bumblebee launch › Early bird", "jp", "upcoming", "Thu 27 Mar 2025 01:00 GMT+9", /.+ GMT\+9/),
    );
  });

  test("the next change: its instant and what changes, one line per change with its regions", async () => {
    const { stdout } = await siteCommand(["check-windows", "--at", BLACK_FRIDAY]);
    expect(stdout).toMatch(
      /^next change: 2024-11-30T00:00\+01:00 \(Sat 30 Nov 2024 00:00 .+\)\n {2}Black Friday 2024 › Black Friday ends {2,}us uk eu fr de\n {2}Black Friday 2024 › Cyber Monday starts {2,}us uk eu fr de$/m,
    );
  });

  test("without --at, the instant heads the report to the minute, as a person writes it", async () => {
    const { stdout } = await siteCommand(["check-windows"]);
    expect(stdout.split("\n")[0]).toMatch(
      /^Windows running or upcoming at \d{4}-\d\d-\d\dT\d\d:\d\d(Z|[+-]\d\d:\d\d) \(\w{3} \d{1,2} \w{3} \d{4} \d\d:\d\d [^)]+\)$/,
    );
  });

  test("--help says what the report shows by default and what --all adds", async () => {
    const { code, stdout } = await siteCommand(["check-windows", "--help"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/By default, the windows running or upcoming at --at/);
    expect(stdout).toMatch(/--all +also list the finished windows \(state over\) and a window-over\s+warning for each/);
  });
});

describe("a row whose regions keep different clocks", () => {
  const root = mkdtempSync(join(tmpdir(), "site-zones-"));
  cpSync(join(projectRoot, "specs"), join(root, "specs"), { recursive: true });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const campaign = (file: string, lines: string[]) =>
    writeFileSync(
      join(root, "specs", "campaigns", file),
      ["# yaml-language-server: $schema=../../schemas/campaign.schema.json", ...lines, ""].join("\n"),
    );
  campaign("weekend-deal.yaml", [
    "name: Weekend deal",
    "regions: [us, uk, jp]",
    "stages:",
    "  - { name: Weekend, start: 2027-03-06T00:00Z, end: 2027-03-08T00:00Z }",
  ]);
  campaign("spring-days.yaml", [
    "name: Spring days",
    "regions: [us, uk]",
    "zone: Europe/Paris",
    "displayZone: Asia/Tokyo",
    "stages:",
    "  - { name: Days, start: 2027-04-01T00:00, end: 2027-04-03T00:00 }",
  ]);

  test("is shown in the campaign's display zone, and says so", async () => {
    const { code, stdout } = await siteCommand(["check-windows", "--at", "2027-01-01T00:00Z"], { cwd: root });
    expect(code).toBe(0);
    expect(stdout).toMatch(
      rowOf("Spring days › Days", "us uk", "upcoming", "Thu 1 Apr 2027 07:00 GMT+9 *", "Sat 3 Apr 2027 06:59 GMT+9 *"),
    );
    expect(stdout).toMatch(
      /^\* times in Asia\/Tokyo, the campaign's zone: the row's regions have different local times$/m,
    );
  });

  test("is shown in UTC when the campaign names no zone, and says so", async () => {
    const { stdout } = await siteCommand(["check-windows", "--at", "2027-01-01T00:00Z"], { cwd: root });
    expect(stdout).toMatch(
      rowOf(
        "Weekend deal › Weekend",
        "us uk jp",
        "upcoming",
        "Sat 6 Mar 2027 00:00 UTC †",
        "Sun 7 Mar 2027 23:59 UTC †",
      ),
    );
    expect(stdout).toMatch(
      /^† times in UTC: the row's regions have different local times and no campaign zone applies$/m,
    );
  });
});

describe("OVERLAP", () => {
  test("two stages of one campaign live at once in a region", async () => {
    const { root, cleanup } = materialize("stage-overlap");
    try {
      const { code, stdout } = await siteCommand(["check-windows", "--at", "2025-06-08T12:00+08:00"], { cwd: root });
      expect(code).toBe(1);
      expect(stdout).toMatch(
        rowOf("Summer sale › Early", "us", "OVERLAP", "Sat 31 May 2025 09:00 PDT", "Sun 8 Jun 2025 08:59 PDT"),
      );
      expect(stdout).toMatch(
        rowOf("Summer sale › Main", "us", "OVERLAP", "Sat 7 Jun 2025 09:00 PDT", "Sat 14 Jun 2025 08:59 PDT"),
      );
      expect(stdout).toMatch(/^OVERLAP in us: Summer sale › Early and Summer sale › Main both live$/m);
      // The page window live beside them changes another output.
      expect(stdout).toMatch(/^page sale {2,}us {2,}live /m);
    } finally {
      cleanup();
    }
  });

  describe("two campaigns live at once in a region", () => {
    const root = mkdtempSync(join(tmpdir(), "site-overlap-"));
    cpSync(join(projectRoot, "specs"), join(root, "specs"), { recursive: true });
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    // A weekend flash sale inside Black Friday: in us it offers a product Black Friday offers there,
    // in uk one Black Friday does not offer there.
    writeFileSync(
      join(root, "specs", "campaigns", "flash-sale.yaml"),
      [
        "# yaml-language-server: $schema=../../schemas/campaign.schema.json",
        "name: Flash sale",
        "regions: [us, uk]",
        "stages:",
        "  - { name: Weekend, start: 2024-11-23T00:00+01:00, end: 2024-11-26T00:00+01:00 }",
        "offers:",
        "  us: { eliteOptimusPrime: [479] }",
        "  uk: { flagshipBumblebee: [1199] }",
        "",
      ].join("\n"),
    );

    test("are OVERLAP where they offer the same product, live where they do not", async () => {
      const { code, stdout } = await siteCommand(["check-windows", "--at", BLACK_FRIDAY], { cwd: root });
      expect(code).toBe(0);
      expect(stdout).toMatch(
        rowOf(
          "Black Friday 2024 › Black Friday",
          "us",
          "OVERLAP",
          /\w{3} 2\d Nov 2024 \d\d:00 PST/,
          "Fri 29 Nov 2024 14:59 PST",
        ),
      );
      expect(stdout).toMatch(
        rowOf(
          "Black Friday 2024 › Black Friday",
          "uk eu fr de",
          "live",
          BLACK_FRIDAY_STARTS,
          "Fri 29 Nov 2024 23:59 CET *",
        ),
      );
      expect(stdout).toMatch(
        rowOf("Flash sale › Weekend", "us", "OVERLAP", "Fri 22 Nov 2024 15:00 PST", "Mon 25 Nov 2024 14:59 PST"),
      );
      expect(stdout).toMatch(
        rowOf("Flash sale › Weekend", "uk", "live", "Fri 22 Nov 2024 23:00 GMT", "Mon 25 Nov 2024 22:59 GMT"),
      );
      expect(stdout).toMatch(
        /^OVERLAP in us: Black Friday 2024 › Black Friday and Flash sale › Weekend both offer eliteOptimusPrime$/m,
      );
    });

    test("--json keeps the state live and names the other window", async () => {
      const { stdout } = await siteCommand(["check-windows", "--at", BLACK_FRIDAY, "--json"], { cwd: root });
      const { windows } = JSON.parse(stdout) as {
        windows: { region: string; window: string; state: string; overlapsWith?: string[] }[];
      };
      expect(windows.find((w) => w.region === "us" && w.window === "flash-sale stage 1")).toMatchObject({
        state: "live",
        overlapsWith: ["black-friday-2024 stage 2"],
      });
      expect(windows.find((w) => w.region === "uk" && w.window === "flash-sale stage 1")!.overlapsWith).toBeUndefined();
    });
  });
});

describe("site check-windows --json", () => {
  test("keeps its shape: every window per region in region order, finished ones and their warnings included, and adds the names", async () => {
    const { code, stdout } = await siteCommand(["check-windows", "--at", BLACK_FRIDAY, "--json"]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as {
      at: string;
      windows: Record<string, unknown>[];
      nextChange: { at: string; changes: { region: string; what: string }[] };
      diagnostics: { code: string }[];
    };
    expect(Object.keys(report)).toEqual(["at", "windows", "nextChange", "diagnostics"]);
    expect(report.at).toBe("2024-11-25T12:00:00+01:00");
    for (const w of report.windows)
      expect(Object.keys(w)).toEqual(
        expect.arrayContaining(["region", "window", "kind", "state", "start", "end", "startLocal", "endLocal"]),
      );
    expect(report.windows.find((w) => w.region === "eu" && w.window === "black-friday-2024 stage 1")).toMatchObject({
      kind: "stage",
      state: "over",
      start: "2024-11-14T09:00:00+01:00",
      end: "2024-11-22T00:00:00+01:00",
      campaign: "black-friday-2024",
      campaignName: "Black Friday 2024",
      stage: 1,
      stageName: "Early Black Friday",
      name: "Black Friday 2024 › Early Black Friday",
    });
    const regions = report.windows.map((w) => w.region);
    expect(regions.slice(0, regions.indexOf("us"))).toEqual(regions.slice(0, regions.indexOf("us")).map(() => "cn"));
    expect(report.diagnostics.filter((d) => d.code === "window-over")).toHaveLength(5);
    expect(report.nextChange.at).toBe("2024-11-30T00:00+01:00");
    expect(report.nextChange.changes).toContainEqual({ region: "eu", what: "Cyber Monday starts" });
  });
});

describe("site check-windows as the issue asked for it", () => {
  test("answers --at with what is live per region and the next change (the issue's example)", async () => {
    const { code, stdout } = await siteCommand(["check-windows", "--at", "2024-11-22T09:00 Europe/Paris"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^window +regions +state +start +end \(last minute\)$/m);
    expect(stdout).toMatch(
      /^Black Friday 2024 › Black Friday +us uk eu fr de +live +Fri 22 Nov 2024 \d\d:00 CET \* +Fri 29 Nov 2024 23:59 CET \*$/m,
    );
    expect(stdout).toMatch(/^Black Friday 2024 › Cyber Monday +uk eu fr de +upcoming +Sat 30 Nov 2024 00:00 CET \*/m);
    expect(stdout).toMatch(/^next change: 2024-11-30T00:00\+01:00 \(Sat 30 Nov 2024 00:00 CET\)$/m);
    expect(stdout).toMatch(/^ {2}Black Friday 2024 › Cyber Monday starts +us uk eu fr de$/m);
  });

  test("Black Friday starts the minute Early Black Friday ends: no hole between the stages", async () => {
    const states = async (at: string) => {
      const { stdout } = await siteCommand(["check-windows", "--at", at, "--json", "--all"]);
      const report = JSON.parse(stdout) as { windows: { region: string; window: string; state: string }[] };
      return report.windows
        .filter((w) => w.region === "eu" && w.window.startsWith("black-friday-2024"))
        .map((w) => w.state);
    };
    expect(await states("2024-11-21T23:59 Europe/Paris")).toEqual(["live", "upcoming", "upcoming"]);
    expect(await states("2024-11-22T00:00 Europe/Paris")).toEqual(["over", "live", "upcoming"]);
    expect(await states("2024-11-22T08:59 Europe/Paris")).toEqual(["over", "live", "upcoming"]);
  });

  test("windows already over are warnings, not errors", async () => {
    const { code, stdout } = await siteCommand(["check-windows", "--at", "2026-01-01T00:00Z", "--json"]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { diagnostics: { code: string; severity: string }[]; nextChange: unknown };
    expect(report.diagnostics.some((d) => d.code === "window-over" && d.severity === "warning")).toBe(true);
    expect(report.nextChange).toBeNull();
  });

  test("overlapping stages fail with exit 1 and the stage's position", async () => {
    const { root, cleanup } = materialize("stage-overlap");
    try {
      const { code, stdout } = await siteCommand(["check-windows", "--json"], { cwd: root });
      expect(code).toBe(1);
      const report = JSON.parse(stdout) as { diagnostics: { code: string; file: string; line: number }[] };
      expect(report.diagnostics).toContainEqual(
        expect.objectContaining({ code: "stage-overlap", file: "specs/campaigns/summer.yaml", line: 6 }),
      );
    } finally {
      cleanup();
    }
  });

  test("--at must be an instant", async () => {
    const { code, stderr } = await siteCommand(["check-windows", "--at", "tomorrow"]);
    expect(code).toBe(2);
    // What is wrong, then one way to write it: an example once, in both forms.
    expect(stderr.trim()).toBe(
      `site: --at 'tomorrow' is not an instant: it is not a date and time; write it as 2024-11-25T12:00+01:00 or "2024-11-25T12:00 Europe/Paris"`,
    );
  });
});
