package org.hadoopdb.runtime.ops;

import org.hadoopdb.connector.row.Row;
import org.hadoopdb.functions.udf.UserAggregateCall;
import org.hadoopdb.functions.udf.UserFunctionSpec;
import org.hadoopdb.planner.plan.UserCall;

/** A user aggregate (a Hive UDAF class) over one group at a time, its arguments handed over as row forms. */
final class UserAggregation extends Accumulator {
    private final int[] fields;
    private final Object[] arguments;
    private final UserAggregateCall call;

    UserAggregation(int[] fields, UserCall user) {
        this.fields = fields.clone();
        this.arguments = new Object[fields.length];
        boolean[] constants = new boolean[fields.length];
        for (int i = 0; i < constants.length; i++) {
            constants[i] = user.constants().get(i);
        }
        this.call = new UserAggregateCall(new UserFunctionSpec(user.name(), user.className(), user.jars(), user.temporary()),
                user.argumentTypes().toArray(String[]::new), constants, user.resultType());
    }

    @Override
    void reset() {
        call.reset();
    }

    @Override
    void add(Row in) {
        for (int i = 0; i < fields.length; i++) {
            arguments[i] = in.get(fields[i]);
        }
        call.add(arguments);
    }

    @Override
    void write(Row out, int field) {
        out.set(field, call.result());
    }

    @Override
    void release() {
        call.close();
    }
}
