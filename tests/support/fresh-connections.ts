// Every HTTP request a test makes goes on a connection of its own. Node's default agent keeps
// connections alive, and a test that blocks the event loop (runSite waits on spawnSync) lets a
// server in this process reach its keep-alive timeout unseen: the next request goes out on the
// pooled socket the server is closing, and fails with ECONNRESET. Browsers retry such a request;
// node's client does not, so a test would fail on a busy machine for a reason no user meets.
import http from "node:http";

http.globalAgent = new http.Agent({ keepAlive: false });
