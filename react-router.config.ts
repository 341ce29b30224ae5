import type { Config } from "@react-router/dev/config";

/** React Router framework config: server-side rendering on, app code in ./app (docs/design.md §2). */
export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
} satisfies Config;
