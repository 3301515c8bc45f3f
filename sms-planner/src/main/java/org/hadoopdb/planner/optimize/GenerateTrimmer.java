package org.hadoopdb.planner.optimize;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexPermuteInputsShuttle;
import org.apache.calcite.sql2rel.RelFieldTrimmer;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mapping;
import org.apache.calcite.util.mapping.MappingType;
import org.apache.calcite.util.mapping.Mappings;

/**
 * Calcite's field trimmer, which also trims below a {@link Generate} (the trimmer keeps an operator it
 * does not know whole, with every column of its input): the input keeps the columns used above and
 * by the function's arguments; the generated columns all stay.
 */
public final class GenerateTrimmer extends RelFieldTrimmer {
    GenerateTrimmer(RelBuilder relBuilder) {
        super(null, relBuilder);
    }

    /** Called by the trimmer's reflective dispatch for every {@link Generate}. */
    public TrimResult trimFields(Generate g, ImmutableBitSet fieldsUsed, Set<RelDataTypeField> extraFields) {
        int inputCount = g.getInput().getRowType().getFieldCount();
        int generated = g.generatedFieldCount();
        Set<RelDataTypeField> inputExtra = new LinkedHashSet<>(extraFields);
        RelOptUtil.InputFinder finder = new RelOptUtil.InputFinder(inputExtra,
                fieldsUsed.intersect(ImmutableBitSet.range(inputCount)));
        g.args().forEach(a -> a.accept(finder));
        TrimResult input = trimChild(g, g.getInput(), finder.build(), inputExtra);
        RelNode newInput = input.left;
        Mapping inputMapping = input.right;
        if (newInput == g.getInput()) {
            return result(g, Mappings.createIdentity(g.getRowType().getFieldCount()));
        }
        List<RexNode> args = new RexPermuteInputsShuttle(inputMapping, newInput).visitList(g.args());
        int newInputCount = newInput.getRowType().getFieldCount();
        List<RelDataTypeField> fields = g.getRowType().getFieldList();
        RelDataType rowType = g.getCluster().getTypeFactory().builder()
                .addAll(newInput.getRowType().getFieldList())
                .addAll(fields.subList(inputCount, inputCount + generated))
                .build();
        Mapping mapping = Mappings.create(MappingType.INVERSE_SURJECTION, fields.size(), newInputCount + generated);
        for (int i = 0; i < inputCount; i++) {
            int target = inputMapping.getTargetOpt(i);
            if (target >= 0) {
                mapping.set(i, target);
            }
        }
        for (int j = 0; j < generated; j++) {
            mapping.set(inputCount + j, newInputCount + j);
        }
        return result(new Generate(g.getCluster(), g.getTraitSet(), newInput, g.function(), args, g.outer(), rowType),
                mapping, g);
    }
}
