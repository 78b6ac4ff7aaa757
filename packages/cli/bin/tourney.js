#!/usr/bin/env node
// Launcher kept in git so `npm install` can link the `tourney` command before the build has produced dist/.
import '../dist/bin.js';
