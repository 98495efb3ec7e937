/** The build's version, compared over the live stream to learn that a newer build is served. */
declare const __APP_VERSION__: string;
