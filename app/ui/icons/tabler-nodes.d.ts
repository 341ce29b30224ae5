/**
 * Types of @tabler/icons-react's per-icon modules (dist/esm/icons/Icon*.mjs), which ship without
 * declarations: each exports the icon's drawing as `__iconNode`, a list of [tag, attributes]
 * (the data its React component renders). The sprite (./sprite.tsx) reads it.
 */
declare module "@tabler/icons-react/dist/esm/icons/*.mjs" {
  export const __iconNode: [string, Record<string, string>][];
}
