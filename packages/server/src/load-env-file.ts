/**
 * Reads `.env` from the working directory into process.env, as `npm start` does first
 * (scripts/start.mjs): a variable already set in the environment wins over the file, and no
 * file is fine. Imported first by every entry (main, dev, the command-line tools), so that the
 * modules loaded after it (React reads NODE_ENV as it loads) see the file's values.
 */
try {
  process.loadEnvFile();
} catch (error) {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}
