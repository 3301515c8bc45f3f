package org.hadoopdb.planner.sms;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.calcite.plan.RelOptSamplingParameters;
import org.apache.calcite.rel.core.Sample;
import org.hadoopdb.planner.SemanticException;

/**
 * {@code TABLESAMPLE}: the table's chunks are its buckets, so a sample is a set of chunks, read whole
 * and nothing else (see {@code TableSampleOperator}): bucket {@code x} of {@code y} is the chunks whose
 * number modulo {@code y} is {@code x - 1}; {@code n PERCENT} is {@code ceil(n% × chunks)} chunks
 * spread evenly over the chunk numbers (so over the nodes). Whatever is above still pushes into those
 * chunks.
 */
final class SampleSplit implements OperatorSplit<Sample> {
    private final SplitContext ctx;

    SampleSplit(SplitContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Fragment split(Sample s) {
        Fragment in = ctx.split(s.getInput());
        if (!(in instanceof Fragment.Pushed p) || !(p.placement() instanceof Placement.Chunked c) || !c.scheme().isHashed()) {
            throw new SemanticException("TABLESAMPLE samples a table's chunks: it applies to a table hashed into chunks "
                    + "(CLUSTERED BY … INTO n BUCKETS), not to a replicated or external table, a view or a sub-query");
        }
        RelOptSamplingParameters params = s.getSamplingParameters();
        int total = c.scheme().chunkCount();
        SortedSet<Integer> chosen = new TreeSet<>();
        String what;
        if (params.isRepeatable()) {
            int y = BigDecimal.ONE.divide(params.sampleRate, MathContext.DECIMAL64).setScale(0, java.math.RoundingMode.HALF_UP).intValueExact();
            int x = params.getRepeatableSeed() + 1;
            for (int chunk = x - 1; chunk < total; chunk += y) {
                chosen.add(chunk);
            }
            what = "BUCKET " + x + " OUT OF " + y;
        } else {
            double share = params.sampleRate.doubleValue();
            long count = Math.max(1, (long) Math.ceil(share * total - 1e-9));
            for (int chunk = 0; chunk < total; chunk++) {
                if ((chunk + 1) * count / total > chunk * count / total) {
                    chosen.add(chunk);
                }
            }
            what = params.sampleRate.movePointRight(2).stripTrailingZeros().toPlainString() + " PERCENT";
        }
        if (c.chunks() != null) {
            chosen.retainAll(c.chunks());
        }
        ctx.note("TABLESAMPLE (" + what + ") of " + c.driver().name() + ": " + chosen.size() + " of its " + total
                + " chunks " + chosen);
        if (chosen.isEmpty()) {
            return ctx.split(ctx.relBuilder().values(s.getRowType()).build());
        }
        return new Fragment.Pushed(p.rel(), new Placement.Chunked(c.driver(), c.scheme(), c.keyFields(), chosen, c.tables()));
    }
}
