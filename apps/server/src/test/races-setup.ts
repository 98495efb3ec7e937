// PGlite runs one transaction at a time, so a check-then-insert race can never show there: a race test
// that ran on it would pass whatever the code does. Refuse loudly instead of passing quietly.
if (!process.env.TEST_DATABASE_URL) {
  throw new Error(
    'The race tests (*.race.test.ts) need a real PostgreSQL: run them with `npm run test:postgres`, ' +
      'or set TEST_DATABASE_URL to a server they may create databases on.',
  );
}
