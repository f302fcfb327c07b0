/**
 * `earlybird`: the command line door onto the modules. Run through bin/earlybird.js (npx earlybird) or
 * `npm run earlybird -- <command>`.
 */
import { createProgram } from "./program";

await createProgram().parseAsync(process.argv);
