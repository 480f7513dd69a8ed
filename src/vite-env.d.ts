// Build-time settings the client reads (Vite replaces them when it builds).
interface ImportMetaEnv {
  /** Handsontable licence key; unset, the non-commercial evaluation key is used. */
  readonly VITE_HANDSONTABLE_LICENSE_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** A file the build copies to the assets, imported as its address (`?url`). */
declare module '*?url' {
  const url: string;
  export default url;
}
