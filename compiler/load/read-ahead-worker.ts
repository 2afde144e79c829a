// A read-ahead thread (see read-ahead.ts): reads spec files from the shared list, parses them (with
// the fast parser, or the positioned one where it declines), and sends back the text and the data,
// serialized as the parse cache keeps it.
import { parentPort, workerData } from "node:worker_threads";
import { readShare, type ReadAheadShare } from "./read-ahead.ts";

readShare(workerData as ReadAheadShare, (chunk) => parentPort!.postMessage(chunk));
