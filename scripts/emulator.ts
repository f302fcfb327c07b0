/**
 * `npm run emulator`: the Xero and MYOB emulator alone (decision 054), on ACCOUNTING_EMULATOR_PORT (default PORT + 10,
 * i.e. 3010), its state in <EARLYBIRD_DATA_DIR or .data>/accounting-emulator/. It publishes its address like the web
 * server does, so the CLI and a worker of the same data directory use it. Stops on Ctrl-C.
 */
import path from "node:path";
import { registerRunningEmulator } from "../app/modules/integrations/emulator-address.server";
import { DEMO_ORGANISATIONS, startAccountingEmulator } from "../app/modules/integrations/emulator/index";

const port = Number(process.env.ACCOUNTING_EMULATOR_PORT ?? Number(process.env.PORT ?? 3000) + 10);
const dataDir = path.resolve(process.env.EARLYBIRD_DATA_DIR ?? ".data");
try {
  const emulator = await startAccountingEmulator({ port, dataDir });
  const unregister = registerRunningEmulator(emulator.url, { publish: true });
  console.log(`Accounting emulator (Xero, MYOB) on ${emulator.url}`);
  console.log(`  state: ${path.join(dataDir, "accounting-emulator", "state.json")}`);
  console.log(`  demo organisations: ${DEMO_ORGANISATIONS.join(", ")} (and one per new e-mail domain on first consent)`);
  console.log(`  admin API: ${emulator.url}/admin/organisations`);
  const stop = async () => {
    unregister();
    await emulator.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(code === "EADDRINUSE" ? `Port ${port} is already in use: set ACCOUNTING_EMULATOR_PORT to another port.` : error);
  process.exit(1);
}
