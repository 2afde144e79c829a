// A route's prefetch list (seed 000 §2, §3): the router runs it on every navigation. Its
// timestamp request is the one server time asked for, never a second; its API requests go through
// the API client (tokens, headers, the profile kept with the session) and are kept for the island
// that shows them; without a session nothing of the shopper's is asked for.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  type AskedOfApi,
  apiSpec as api,
  MemoryStorage,
  startTimestampAndProfileApi,
} from "../support/runtime-doubles.ts";
import { createApiClient } from "../../runtime/api.ts";
import type { PrefetchRequest } from "../../runtime/generated-types.ts";
import { runPrefetch } from "../../runtime/prefetch.ts";

let fakeApi: Awaited<ReturnType<typeof startTimestampAndProfileApi>>;
let base = "";
let seen: AskedOfApi[] = [];

beforeAll(async () => {
  fakeApi = await startTimestampAndProfileApi();
  ({ base, seen } = fakeApi);
});
afterAll(() => fakeApi.close());
beforeEach(() => fakeApi.forget());

describe("a route's prefetch list", () => {
  const timestamp: PrefetchRequest = {
    baseURL: "",
    url: "/ssr/timestamp",
    params: null,
    data: null,
    method: "GET",
    end: "server",
  };
  const profile: PrefetchRequest = {
    baseURL: "us",
    url: "/account/user/profile",
    params: null,
    data: null,
    method: "GET",
    end: "client",
  };
  const setUp = (loggedIn: boolean) => {
    const client = createApiClient({
      api,
      region: { code: "us", prefix: "/us", language: "en", group: "us", storageScope: "/us" },
      messages: {},
      host: "127.0.0.1",
      baseOverride: base,
      fetch,
      storage: new MemoryStorage(),
      toast: () => {},
      navigate: () => {},
    });
    if (loggedIn) client.session.write({ apptoken: "A", reftoken: "R", userId: "7" });
    const asked: (string | undefined)[] = [];
    const serverTime = async (url?: string) => {
      asked.push(url);
      return 42;
    };
    return { client, asked, serverTime };
  };

  test("the timestamp request is the list's, asked once; the profile goes through the API client and is kept", async () => {
    const { client, asked, serverTime } = setUp(true);
    const run = runPrefetch([timestamp, profile], api, client, serverTime);
    expect(await run.now).toBe(42);
    expect(asked).toEqual(["/ssr/timestamp"]);
    expect(await run.kept.get("profile")).toEqual({ user_id: 7, email: "prime@example.com" });
    expect(seen.map((s) => s.path)).toEqual(["/account/user/profile"]);
    expect(seen[0]!.headers).toMatchObject({ apptoken: "A", region: "us", "accept-language": "en" });
    // Kept with the session, as a profile the account page asked for would be.
    expect(client.session.read().userInfo).toEqual({ user_id: 7, email: "prime@example.com" });
  });

  test("without a session the profile is not asked for; a list without the timestamp still gets the server's time", async () => {
    const { client, asked, serverTime } = setUp(false);
    const run = runPrefetch([profile], api, client, serverTime);
    expect(await run.now).toBe(42);
    expect(asked).toEqual([undefined]);
    expect(run.kept.size).toBe(0);
    expect(seen).toEqual([]);
  });
});
