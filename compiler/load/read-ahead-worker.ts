// A read-ahead thread (see read-ahead.ts): reads its share of the spec files, parses them (with
// the fast parser, or the positioned one where it declines), and sends back text and data.
import { parentPort, workerData } from "node:worker_threads";
import { readSpecFile } from "./index.ts";

parentPort!.postMessage((workerData as string[]).map((path) => [path, readSpecFile(path, { positioned: true })]));
