package org.hadoopdb.connector.row;

import org.apache.hadoop.io.Writable;

/**
 * Maps a {@link Row} to a user's own {@link Writable}, for hand-written MapReduce jobs that want
 * their own value type rather than rows. Called once per row with the same (reused) output object,
 * so implementations set fields on {@code out} instead of creating objects:
 *
 * <pre>{@code
 * // a row (url string, visits bigint) as a Text of the url
 * RowMapper<Text> urls = (row, out) -> out.set(row.getString(0));
 *
 * // a row as a user-defined writable
 * public final class VisitMapper implements RowMapper<Visit> {
 *     public void map(Row row, Visit out) {
 *         out.url = row.getString(0);
 *         out.visits = row.isNull(1) ? 0 : row.getLong(1);
 *     }
 * }
 * }</pre>
 *
 * When a mapper is named in a job configuration (rather than passed as an object), it must be a
 * public class with a public no-argument constructor, like {@code VisitMapper} above.
 *
 * @param <T> the user's writable type
 */
@FunctionalInterface
public interface RowMapper<T extends Writable> {

    /** Fills {@code out} from {@code row}. Neither may be kept after the call: both are reused. */
    void map(Row row, T out);
}
