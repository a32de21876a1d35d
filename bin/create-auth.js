#!/usr/bin/env node
// Both bins (create-auth and auth) start here; the program is compiled to dist/.
import { main } from "../dist/cli.js";

await main();
