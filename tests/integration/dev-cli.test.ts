// site dev as a user runs it, in a process of its own: a symbolic link loop in the specs folder
// (there at start, or made while it runs) is skipped with one line, never a crash; only this
// server's own names may read its pages and its event stream (DNS rebinding); --host serves the
// machine's other addresses too; and the first SIGTERM stops it while a tab holds the stream.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { projectRoot, stackTrace } from "../support/cli.ts";
import { materialize } from "../support/fixtures.ts";

const fixture = materialize("base");
const specs = join(fixture.root, "specs");
let dev: ChildProcess;
let stdout = "";
let stderr = "";
let port = 0;
let address = "";

/** Resolves once stdout holds a line matching `pattern`, with that line. */
function lineMatching(pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const look = () => {
      const line = stdout.split("\n").find((l) => pattern.test(l));
      if (line === undefined) return false;
      dev.stdout!.off("data", look);
      dev.off("exit", exited);
      resolve(line);
      return true;
    };
    const exited = (code: number | null) => reject(new Error(`site dev exited ${code}: ${stderr}`));
    if (look()) return;
    dev.stdout!.on("data", look);
    dev.once("exit", exited);
  });
}

/** An address of this machine other than 127.0.0.1: a network interface's, else another loopback address. */
function otherAddress(): string {
  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal);
  // Linux answers all of 127.0.0.0/8 on the loopback interface.
  return external?.address ?? "127.0.0.2";
}

/** A GET that resolves with the answer as soon as its head arrives (an event stream never ends). */
function open(path: string, to = "127.0.0.1", host = `${to}:${port}`): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: to, port, path, headers: { host } }, resolve);
    req.on("error", reject);
    req.end();
  });
}

const statusOf = async (path: string, to?: string, host?: string) => {
  const res = await open(path, to, host);
  res.destroy();
  return res.statusCode;
};

beforeAll(async () => {
  // A loop before dev starts: a folder that links back to the specs folder, and a link to itself.
  mkdirSync(join(specs, "extra"));
  symlinkSync("..", join(specs, "extra", "back"));
  symlinkSync("self.yaml", join(specs, "self.yaml"));
  address = otherAddress();
  dev = spawn(
    process.execPath,
    [
      join(projectRoot, "bin", "site.js"),
      "dev",
      "--port",
      "0",
      "--host",
      "--specs",
      specs,
      "--now",
      "2025-06-05T00:00+08:00",
    ],
    {
      cwd: fixture.root,
      env: { ...process.env, NO_COLOR: "1" },
    },
  );
  dev.stdout!.on("data", (d: Buffer) => (stdout += d));
  dev.stderr!.on("data", (d: Buffer) => (stderr += d));
  const serving = await lineMatching(/^dev: http:\/\/127\.0\.0\.1:\d+/);
  port = Number(/:(\d+)/.exec(serving.slice("dev: http://".length))![1]);
});

afterAll(async () => {
  if (dev && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev.once("exit", resolve));
    dev.kill("SIGKILL");
    await exited;
  }
  fixture.cleanup();
});

describe("site dev and symbolic link loops", () => {
  test("a loop there at start is skipped with one line each, and dev serves", async () => {
    // Each line of dev starts with the time of day.
    expect(await lineMatching(/skipped .*specs\/extra\/back\b/)).toMatch(
      / skipped {2}specs\/extra\/back {2}a symbolic link loop/,
    );
    expect(await lineMatching(/skipped .*specs\/self\.yaml\b/)).toMatch(/a symbolic link loop/);
    expect(await statusOf("/us")).toBe(200);
    expect(stderr).not.toMatch(stackTrace);
  });

  test("a loop made while dev runs is skipped with one line, and dev keeps serving", async () => {
    mkdirSync(join(specs, "later"));
    symlinkSync(specs, join(specs, "later", "again"));
    expect(await lineMatching(/skipped .*specs\/later\/again\b/)).toMatch(/a symbolic link loop/);
    expect(dev.exitCode).toBeNull();
    expect(await statusOf("/us")).toBe(200);
    expect(stdout.split("\n").filter((l) => l.includes("specs/later/again"))).toHaveLength(1);
    expect(stderr).not.toMatch(stackTrace);
  });
});

describe("who may ask", () => {
  test("a name rebound to this machine gets 403 for pages and for the event stream", async () => {
    for (const path of ["/us", "/__site/events", "/__site/client.js"]) {
      expect(await statusOf(path, "127.0.0.1", `rebound.attacker.example:${port}`), path).toBe(403);
    }
    expect(await statusOf("/us", "127.0.0.1", `localhost:${port}`)).toBe(200);
  });

  test("with --host, the machine's other addresses are served by their own name only", async () => {
    expect(stdout).toContain(`http://${address}:${port}`);
    expect(await statusOf("/us", address)).toBe(200);
    expect(await statusOf("/__site/events", address, `rebound.attacker.example:${port}`)).toBe(403);
  });
});

describe("a spec error", () => {
  test("is printed in the terminal too, at its file, line and column with its message, and a fix rebuilds", async () => {
    const campaign = join(specs, "campaigns", "summer.yaml");
    const original = readFileSync(campaign, "utf8");
    writeFileSync(campaign, original.replace("regions: [us]", "regions: [us, zz]"));
    const at = await lineMatching(/^specs\/campaigns\/summer\.yaml:\d+:\d+ error /);
    expect(at).toMatch(/unknown-region/);
    writeFileSync(campaign, original);
    await lineMatching(/ rebuilt {2}specs\/campaigns\/summer\.yaml/);
    expect(await statusOf("/us")).toBe(200);
  });
});

describe("stopping", () => {
  test("the first SIGTERM stops dev while a tab holds its event stream open", async () => {
    const stream = await open("/__site/events");
    expect(stream.statusCode).toBe(200);
    expect(stream.headers["content-type"]).toBe("text/event-stream");
    const exit = new Promise<number | string | null>((resolve) => {
      dev.once("exit", resolve);
      // Without the fix it never exits while the stream is open.
      setTimeout(() => resolve("still running 20 s after SIGTERM"), 20_000).unref();
    });
    dev.kill("SIGTERM");
    expect(await exit).toBe(0);
    stream.destroy();
    expect(stderr).not.toMatch(stackTrace);
  });
});
