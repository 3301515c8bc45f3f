package org.hadoopdb.functions;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlOperatorBinding;

/**
 * The part of a function's argument checking that depends on several arguments at once, which one
 * {@link ArgKind} per parameter cannot say: a map's key is converted to the map's key type, the
 * elements of {@code array(...)} to their common type, the names of {@code named_struct} must be
 * string literals. The validator applies it after the kinds' own conversions and inserts a CAST
 * wherever it asks for a type the argument does not have.
 */
@FunctionalInterface
public interface ArgumentRule {
    /**
     * The type each argument of {@code call} is converted to, one entry per argument: null where it
     * stays as it is.
     *
     * @throws ArgumentError when the arguments do not fit together
     */
    List<RelDataType> targets(SqlOperatorBinding call);
}
