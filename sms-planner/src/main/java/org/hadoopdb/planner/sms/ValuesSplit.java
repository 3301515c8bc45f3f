package org.hadoopdb.planner.sms;

import org.apache.calcite.rel.core.Values;

/** VALUES: constant rows, computed by any one database. */
final class ValuesSplit implements OperatorSplit<Values> {

    @Override
    public Fragment split(Values values) {
        return new Fragment.Pushed(values, new Placement.Single());
    }
}
