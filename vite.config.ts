import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/** Vite config for the React Router build. Database packages stay out of the browser bundle (DESIGN.md §6). */
export default defineConfig({
  plugins: [reactRouter()],
  optimizeDeps: { exclude: ["@electric-sql/pglite", "pg", "drizzle-orm"] },
  ssr: { external: ["@electric-sql/pglite", "pg", "drizzle-orm", "pino", "proper-lockfile"] },
});
