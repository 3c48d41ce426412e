#!/usr/bin/env node
import { processIo, run } from '../dist/main.js';

process.exitCode = await run(process.argv.slice(2), processIo());
