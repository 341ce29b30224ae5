/**
 * Issue 29: applies server/runtime-env.ts applyRuntimeDefaults to this process's environment when
 * imported, before React is. Import it for its effect, first: `import "./runtime-defaults.ts";`
 * (server/main.ts, scripts that run the server in process). Imports nothing that imports React.
 */
import { applyRuntimeDefaults } from "./runtime-env.ts";

applyRuntimeDefaults(process.env);
