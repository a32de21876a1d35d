#!/usr/bin/env node
// Both bins (create-auth and auth) start here; the program is compiled to dist/.
// The shebang stays plain: `env -S node --` is missing from busybox (Alpine). Node's own
// `--env-file` parsing of script arguments is avoided by naming the flag --env-path instead
// (see src/ui/env-path-option.ts).
import { main } from "../dist/cli.js";

await main();
