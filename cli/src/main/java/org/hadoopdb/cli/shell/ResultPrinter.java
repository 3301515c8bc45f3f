package org.hadoopdb.cli.shell;

import org.hadoopdb.runtime.ResultStream;

/** Writes a statement's rows somewhere; returns how many. */
interface ResultPrinter {
    long print(ResultStream rows);
}
