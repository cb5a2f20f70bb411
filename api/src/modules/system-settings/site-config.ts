import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Whether individuals may register, as the site's `/config.json` (SITE_DIR/config.json, the file
 * the registration page reads) says: only `"individualsSupported": false` refuses them. Without
 * the file, or when it cannot be read, the page falls back to allowing them, and so does the API.
 * Read at each registration (rare), so an operator's change applies at once.
 */
export async function siteIndividualsSupported(siteDir: string): Promise<boolean> {
  let text: string;
  try {
    text = await fs.readFile(path.join(siteDir, 'config.json'), 'utf8');
  } catch {
    return true;
  }
  try {
    const config: unknown = JSON.parse(text);
    return !(
      typeof config === 'object' &&
      config !== null &&
      (config as { individualsSupported?: unknown }).individualsSupported === false
    );
  } catch {
    return true;
  }
}
