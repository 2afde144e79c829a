// What a spec folder may hold besides spec files, and what site check makes of it: a file that
// cannot be read is a positioned error (never an internal error), a symbolic link to a file
// inside the specs folder is read, and links that lead out or loop, folders where a file belongs,
// named pipes and sockets are reported by what they are and skipped, never opened.
// What `site check` prints of these, run as a command: tests/integration/load-cli.test.ts.
import { execFileSync } from "node:child_process";
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync, copyFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, test, vi } from "vitest";
import type { LoadCache } from "../../compiler/load/index.ts";
import { materialize } from "../support/fixtures.ts";

// Reads fail as the OS would fail them, for the paths a test names: tests run as root, where
// chmod 000 does not stop a read.
const failing = vi.hoisted(() => new Map<string, string>());
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const fail = (path: unknown, syscall: string) => {
    const code = typeof path === "string" ? failing.get(path) : undefined;
    if (code)
      throw Object.assign(new Error(`${code}: injected failure, ${syscall} '${path}'`), { code, syscall, path });
  };
  const injected = <F extends (...args: never[]) => unknown>(original: F, syscall: string) =>
    ((...args: Parameters<F>) => {
      fail(args[0], syscall);
      return original(...args);
    }) as unknown as F;
  const wrapped = {
    ...fs,
    openSync: injected(fs.openSync, "open"),
    readFileSync: injected(fs.readFileSync, "open"),
    readdirSync: injected(fs.readdirSync, "scandir"),
  };
  return { ...wrapped, default: wrapped };
});
// The unit tier shares modules between files (isolate: false): the compiler another file loaded
// reads through the real node:fs, so this file loads its own, which reads through the mock.
vi.resetModules();
const { load } = await import("../../compiler/load/index.ts");
const { check } = await import("../../compiler/pipeline.ts");
const { position, sortDiagnostics } = await import("../../cli/print/diagnostics.ts");
afterAll(() => {
  vi.doUnmock("node:fs");
  vi.resetModules();
});

const cleanups: (() => void)[] = [];
afterEach(() => {
  failing.clear();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function site() {
  const fixture = materialize("base");
  cleanups.push(fixture.cleanup);
  const specs = join(fixture.root, "specs");
  const found = () => {
    const result = check(specs, fixture.root);
    return sortDiagnostics(result.diagnostics).map((d) => position(d, result.sources));
  };
  const codes = () => found().map((d) => `${d.severity} ${d.code} ${d.file}:${d.line}:${d.column}`);
  return { root: fixture.root, specs, found, codes };
}

describe("a spec that cannot be read", () => {
  test("a folder named like a spec file, in a spec folder: unreadable-spec, in words", () => {
    const { specs, found, codes } = site();
    mkdirSync(join(specs, "regions", "x.yaml"));
    expect(codes()).toEqual(["error unreadable-spec specs/regions/x.yaml:1:1"]);
    expect(found()[0]!.message).toBe("This spec file cannot be read: it is a folder, not a file.");
  });

  test("a folder where a required spec file belongs: unreadable, not missing", () => {
    const { specs, found, codes } = site();
    rmSync(join(specs, "prices.yaml"));
    mkdirSync(join(specs, "prices.yaml"));
    expect(codes()).toEqual(["error unreadable-spec specs/prices.yaml:1:1"]);
    expect(found()[0]!.message).toContain("it is a folder, not a file");
  });

  test("a read the OS refuses (permission denied) is a positioned error with the reason in words", () => {
    const { specs, found, codes } = site();
    failing.set(join(specs, "regions", "us.yaml"), "EACCES");
    failing.set(join(specs, "constants.yaml"), "EIO");
    expect(codes()).toEqual([
      "error unreadable-spec specs/constants.yaml:1:1",
      "error unreadable-spec specs/regions/us.yaml:1:1",
    ]);
    const [io, denied] = found();
    expect(denied!.message).toBe("This spec file cannot be read: you do not have permission to read it.");
    expect(io!.message).toBe("This spec file cannot be read: the disk reported an input/output error.");
  });

  test("a folder the OS will not list is a positioned error too", () => {
    const { specs, found, codes } = site();
    failing.set(join(specs, "content", "where-to-buy"), "EACCES");
    expect(codes()).toEqual(["error unreadable-spec specs/content/where-to-buy:1:1"]);
    expect(found()[0]!.message).toBe("This spec folder cannot be read: you do not have permission to read it.");
  });
});

describe("symbolic links", () => {
  test("a link to a file inside the specs folder is read, in a spec folder and as a required file", () => {
    const { specs, codes } = site();
    mkdirSync(join(specs, ".shared"));
    renameSync(join(specs, "regions", "us.yaml"), join(specs, ".shared", "us.yaml"));
    symlinkSync("../.shared/us.yaml", join(specs, "regions", "us.yaml"));
    renameSync(join(specs, "constants.yaml"), join(specs, ".shared", "constants.yaml"));
    symlinkSync(".shared/constants.yaml", join(specs, "constants.yaml"));
    expect(codes()).toEqual([]);
  });

  test("a link out of the specs folder is not followed: a warning in a spec folder, an error for a required file", () => {
    const { root, specs, found, codes } = site();
    mkdirSync(join(root, "elsewhere"));
    copyFileSync(join(specs, "regions", "us.yaml"), join(root, "elsewhere", "uk.yaml"));
    symlinkSync("../../elsewhere/uk.yaml", join(specs, "regions", "uk.yaml"));
    renameSync(join(specs, "constants.yaml"), join(root, "elsewhere", "constants.yaml"));
    symlinkSync(join(root, "elsewhere", "constants.yaml"), join(specs, "constants.yaml"));
    expect(codes()).toEqual([
      "error unreadable-spec specs/constants.yaml:1:1",
      "warning skipped-entry specs/regions/uk.yaml:1:1",
    ]);
    const [constants, uk] = found();
    expect(uk!.message).toBe(
      "This is a symbolic link to ../../elsewhere/uk.yaml, outside the specs folder; it is skipped.",
    );
    expect(constants!.message).toContain("a symbolic link to");
    expect(constants!.message).toContain("outside the specs folder");
  });

  test("loops, dangling links and links to folders are reported and never followed", () => {
    const { specs, found, codes } = site();
    symlinkSync("loop.yaml", join(specs, "regions", "loop.yaml"));
    symlinkSync("pong.yaml", join(specs, "regions", "ping.yaml"));
    symlinkSync("ping.yaml", join(specs, "regions", "pong.yaml"));
    symlinkSync("nowhere.yaml", join(specs, "regions", "gone.yaml"));
    // A link to a folder above: followed, it would read the specs over and over.
    symlinkSync("..", join(specs, "content", "again"));
    expect(codes()).toEqual([
      "warning skipped-entry specs/content/again:1:1",
      "warning skipped-entry specs/regions/gone.yaml:1:1",
      "warning skipped-entry specs/regions/loop.yaml:1:1",
      "warning skipped-entry specs/regions/ping.yaml:1:1",
      "warning skipped-entry specs/regions/pong.yaml:1:1",
    ]);
    const messages = found().map((d) => d.message);
    expect(messages[0]).toBe("This is a symbolic link to a folder; it is skipped.");
    expect(messages[1]).toBe("This is a symbolic link to something that does not exist; it is skipped.");
    expect(messages[2]).toBe("This is a symbolic link that leads back to itself (a loop); it is skipped.");
  });
});

describe("named pipes, sockets and files where folders belong", () => {
  test("a socket is named and skipped", async () => {
    const { specs, found } = site();
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(join(specs, "campaigns", "control.yaml"), resolve));
    try {
      expect(found().map((d) => `${d.severity} ${d.code} ${d.file} ${d.message}`)).toEqual([
        "warning skipped-entry specs/campaigns/control.yaml This is a socket; it is skipped.",
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("a file where a folder of specs belongs is named and skipped", () => {
    const { specs, found } = site();
    rmSync(join(specs, "campaigns"), { recursive: true });
    writeFileSync(join(specs, "campaigns"), "summer: {}\n");
    const ours = found().filter((d) => d.file === "specs/campaigns");
    expect(ours.map((d) => `${d.severity} ${d.code} ${d.message}`)).toEqual([
      "warning skipped-entry This is a file where the folder campaigns/ belongs; it is skipped.",
    ]);
  });
});

test("beside the spec files, a folder or a pipe is named as what it is, a stray file as a file", () => {
  const { specs, found } = site();
  mkdirSync(join(specs, "drafts"));
  execFileSync("mkfifo", [join(specs, "notes.yaml")]);
  writeFileSync(join(specs, "todo.txt"), "later\n");
  expect(found().map((d) => `${d.severity} ${d.code} ${d.file} ${d.message}`)).toEqual([
    "warning skipped-entry specs/drafts This is a folder that is not part of the spec language; it is skipped.",
    "warning skipped-entry specs/notes.yaml This is a named pipe (FIFO); it is skipped.",
    "warning unknown-spec-file specs/todo.txt This file is not part of the spec language and is ignored.",
  ]);
});

test("site dev's loader looks again at a file it could not read, though its size and mtime stay", () => {
  const { specs, root } = site();
  const cache: LoadCache = new Map();
  const constants = join(specs, "constants.yaml");
  failing.set(constants, "EACCES");
  expect(load(specs, root, { cache }).diagnostics.map((d) => d.code)).toEqual(["unreadable-spec"]);
  failing.clear();
  expect(load(specs, root, { cache }).diagnostics).toEqual([]);
});
