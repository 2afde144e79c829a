// The server's timestamp sends the headers of every call (seed 000 §7): a region header, and an
// Accept-Language header whose value is en for English and otherwise the region. The API client
// builds them (runtime/api.ts regionHeaders); the timestamp reuses that.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { type AskedOfApi, apiSpec as api, startTimestampAndProfileApi } from "../support/runtime-doubles.ts";
import { fetchServerTime } from "../../runtime/clock.ts";

const shared = { api };

let fakeApi: Awaited<ReturnType<typeof startTimestampAndProfileApi>>;
let base = "";
let seen: AskedOfApi[] = [];

beforeAll(async () => {
  fakeApi = await startTimestampAndProfileApi();
  ({ base, seen } = fakeApi);
});
afterAll(() => fakeApi.close());
beforeEach(() => fakeApi.forget());

describe("the server's timestamp", () => {
  test.each([
    ["us", "en", "en"],
    ["uk", "en", "en"],
    ["de", "de", "de"],
    ["fr", "fr", "fr"],
    ["jp", "ja", "jp"],
    ["kr", "ko", "kr"],
    ["cn", "zh", "cn"],
  ])("in %s it sends region %s and Accept-Language %s", async (code, language, expected) => {
    expect(await fetchServerTime(shared, { code, language }, { url: `${base}/ssr/timestamp` })).toBe(1_732_921_190_000);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe("/ssr/timestamp");
    expect(seen[0]!.headers).toMatchObject({ region: code, "accept-language": expected });
    // The site's own origin gets no session tokens.
    expect(seen[0]!.headers.apptoken).toBeUndefined();
  });
});
