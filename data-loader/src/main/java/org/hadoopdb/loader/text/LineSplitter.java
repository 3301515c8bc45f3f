package org.hadoopdb.loader.text;

import java.util.Arrays;

/**
 * Splits one line into fields by the format's delimiter, honouring its escape and quote characters.
 * Fields are kept as offsets into the line; a field that holds escapes or quotes is marked so that
 * {@link #value} can write its unescaped bytes. One splitter per task, reused line after line.
 */
public final class LineSplitter {
    private final byte delimiter;
    private final int escape;
    private final int quote;
    private final boolean escapeCrLf;
    private final boolean plain;

    private int[] starts = new int[16];
    private int[] ends = new int[16];
    private boolean[] marked = new boolean[16];
    private boolean[] quoted = new boolean[16];
    private int count;
    private String error;

    public LineSplitter(TextFormat format) {
        this.delimiter = format.delimiter();
        this.escape = format.escape();
        this.quote = format.quote();
        this.escapeCrLf = format.escapeCrLf();
        this.plain = escape < 0 && quote < 0;
    }

    /**
     * Splits {@code line[from, to)}. Returns false (see {@link #error()}) when the line's quoting is
     * malformed; the field count may still differ from what the table expects.
     */
    public boolean split(byte[] line, int from, int to) {
        count = 0;
        error = null;
        if (plain) {
            int start = from;
            byte d = delimiter;
            long pattern = Swar.broadcast(d);
            int i = from;
            while (i + 8 <= to) {
                long flags = Swar.flagZero(Swar.word(line, i) ^ pattern);
                if (flags == 0) {
                    i += 8;
                    continue;
                }
                int at = i + Swar.firstFlagged(flags);
                add(start, at, false, false);
                start = at + 1;
                i = start;
            }
            for (; i < to; i++) {
                if (line[i] == d) {
                    add(start, i, false, false);
                    start = i + 1;
                }
            }
            add(start, to, false, false);
            return true;
        }
        int i = from;
        while (true) {
            int start = i;
            boolean special = false;
            boolean isQuoted = false;
            if (quote >= 0 && i < to && (line[i] & 0xFF) == quote) {
                isQuoted = true;
                special = true;
                i++;
                boolean closed = false;
                while (i < to) {
                    int c = line[i] & 0xFF;
                    if (c == escape && i + 1 < to) {
                        i += 2;
                    } else if (c == quote) {
                        if (i + 1 < to && (line[i + 1] & 0xFF) == quote) {
                            i += 2;
                        } else {
                            i++;
                            closed = true;
                            break;
                        }
                    } else {
                        i++;
                    }
                }
                if (!closed) {
                    error = "field " + (count + 1) + " opens a quote (" + TextFormat.show(quote)
                            + ") that is not closed on this line (a quoted value cannot span lines)";
                    return false;
                }
                if (i < to && line[i] != delimiter) {
                    error = "field " + (count + 1) + " has text after its closing quote";
                    return false;
                }
            } else {
                while (i < to) {
                    int c = line[i] & 0xFF;
                    if (c == escape) {
                        special = true;
                        i += i + 1 < to ? 2 : 1;
                    } else if (line[i] == delimiter) {
                        break;
                    } else {
                        i++;
                    }
                }
            }
            add(start, i, special, isQuoted);
            if (i >= to) {
                return true;
            }
            i++; // the delimiter
        }
    }

    private void add(int start, int end, boolean special, boolean isQuoted) {
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, count * 2);
            ends = Arrays.copyOf(ends, count * 2);
            marked = Arrays.copyOf(marked, count * 2);
            quoted = Arrays.copyOf(quoted, count * 2);
        }
        starts[count] = start;
        ends[count] = end;
        marked[count] = special;
        quoted[count] = isQuoted;
        count++;
    }

    /** Fields found by the last {@link #split}. */
    public int count() {
        return count;
    }

    /** Why the last {@link #split} failed. */
    public String error() {
        return error;
    }

    public int start(int field) {
        return starts[field];
    }

    public int end(int field) {
        return ends[field];
    }

    /** True when the field holds escapes or quotes, so its value differs from its raw bytes. */
    public boolean needsUnescape(int field) {
        return marked[field];
    }

    /** True when the field was quoted (a quoted field is never NULL). */
    public boolean isQuoted(int field) {
        return quoted[field];
    }

    /**
     * Writes a quoted field of {@code line} into {@code out} without its quotes (a doubled quote as one),
     * its escapes kept: for a complex column, whose nested levels are split before escapes are removed.
     */
    public void unquoted(byte[] line, int field, ByteSink out) {
        int i = starts[field] + 1;
        int end = ends[field] - 1;
        out.ensure(end - i);
        while (i < end) {
            int c = line[i] & 0xFF;
            if (c == escape && i + 1 < end) {
                out.put(c);
                out.put(line[i + 1]);
                i += 2;
            } else if (c == quote && i + 1 < end && (line[i + 1] & 0xFF) == quote) {
                out.put(quote);
                i += 2;
            } else {
                out.put(c);
                i++;
            }
        }
    }

    /** Writes the unescaped value of a marked field of {@code line} into {@code out}. */
    public void value(byte[] line, int field, ByteSink out) {
        int i = starts[field];
        int end = ends[field];
        if (quoted[field]) {
            i++;
            end--; // the closing quote
        }
        out.ensure(end - i);
        while (i < end) {
            int c = line[i] & 0xFF;
            if (c == escape && i + 1 < end) {
                int next = line[i + 1] & 0xFF;
                if (escapeCrLf && next == 'n') {
                    out.put('\n');
                } else if (escapeCrLf && next == 'r') {
                    out.put('\r');
                } else {
                    out.put(next);
                }
                i += 2;
            } else if (quoted[field] && c == quote && i + 1 < end && (line[i + 1] & 0xFF) == quote) {
                out.put(quote);
                i += 2;
            } else {
                out.put(c);
                i++;
            }
        }
    }
}
