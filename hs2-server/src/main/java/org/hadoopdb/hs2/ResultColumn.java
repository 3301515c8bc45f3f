package org.hadoopdb.hs2;

import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.RowSchema;

/** A column of a result the endpoint sends: a query's, or one of a metadata call's fixed columns. */
record ResultColumn(String name, HiveType type) {

    /** The columns of a query result. */
    static List<ResultColumn> of(RowSchema schema) {
        List<ResultColumn> columns = new ArrayList<>(schema.size());
        for (int i = 0; i < schema.size(); i++) {
            columns.add(new ResultColumn(schema.name(i), schema.type(i)));
        }
        return columns;
    }

    static ResultColumn string(String name) {
        return new ResultColumn(name, HiveType.STRING);
    }

    static ResultColumn integer(String name) {
        return new ResultColumn(name, HiveType.INT);
    }

    static ResultColumn smallint(String name) {
        return new ResultColumn(name, HiveType.SMALLINT);
    }

    static ResultColumn bool(String name) {
        return new ResultColumn(name, HiveType.BOOLEAN);
    }
}
