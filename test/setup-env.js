// Runs before each test file: the run's names from global-setup.js are already in process.env.
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL = process.env.LOG_LEVEL || 'error';
