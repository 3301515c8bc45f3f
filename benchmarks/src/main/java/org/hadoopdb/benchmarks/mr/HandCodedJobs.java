package org.hadoopdb.benchmarks.mr;

import java.io.IOException;
import java.time.LocalDate;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DoubleWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.hadoopdb.connector.chunk.ChunkInputFormat;
import org.hadoopdb.connector.job.JobClasspath;
import org.hadoopdb.connector.row.Row;

/**
 * The HadoopDB paper's hand-coded tasks (section 6.2), written against the public connector API
 * only: each pushes what it can into every chunk as SQL and does the rest in its mapper and reducer.
 * Output: text files, tab-separated.
 *
 * <pre>{@code
 * Job job = HandCodedJobs.aggregation(conf, catalogDir, false, new Path("/out/agg"));
 * job.waitForCompletion(true);
 * }</pre>
 */
public final class HandCodedJobs {
    private HandCodedJobs() {
    }

    /** Grep: the records containing {@code pattern}, found by each chunk's database; map-only. */
    public static Job grep(Configuration conf, Path catalog, String pattern, Path out) throws IOException {
        Job job = job(conf, "grep", out);
        ChunkInputFormat.configure(job).catalog(catalog)
                .query("SELECT record FROM grep WHERE strpos(record, " + literal(pattern) + ") > 0", "grep").apply();
        job.setMapperClass(RowAsText.class);
        job.setNumReduceTasks(0);
        return job;
    }

    /** Selection: pages ranked above {@code threshold}; map-only. */
    public static Job selection(Configuration conf, Path catalog, long threshold, Path out) throws IOException {
        Job job = job(conf, "selection", out);
        ChunkInputFormat.configure(job).catalog(catalog)
                .query("SELECT pageurl, pagerank FROM rankings WHERE pagerank > " + threshold, "rankings").apply();
        job.setMapperClass(RowAsText.class);
        job.setNumReduceTasks(0);
        return job;
    }

    /**
     * Aggregation: ad revenue per source IP ({@code small}: per 7-character IP prefix). Each chunk sums
     * its own groups; the reducers add the chunks' partial sums.
     */
    public static Job aggregation(Configuration conf, Path catalog, boolean small, Path out) throws IOException {
        Job job = job(conf, small ? "aggregation-small" : "aggregation-large", out);
        String group = small ? "substr(sourceip, 1, 7)" : "sourceip";
        ChunkInputFormat.configure(job).catalog(catalog)
                .query("SELECT " + group + ", sum(adrevenue) FROM uservisits GROUP BY 1", "uservisits").apply();
        job.setMapperClass(GroupSum.class);
        job.setCombinerClass(SumReducer.class);
        job.setReducerClass(SumReducer.class);
        job.setMapOutputKeyClass(Text.class);
        job.setMapOutputValueClass(DoubleWritable.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(DoubleWritable.class);
        return job;
    }

    /**
     * Join: the source IP with the most ad revenue from visits in {@code [from, to]}, with the average
     * rank of the pages it visited. Rankings and UserVisits are co-located on the URL, so the
     * selection, the join and a partial aggregation per source IP run inside each chunk; one reducer
     * merges the partial aggregates and keeps the best.
     */
    public static Job join(Configuration conf, Path catalog, LocalDate from, LocalDate to, Path out) throws IOException {
        Job job = job(conf, "join", out);
        ChunkInputFormat.configure(job).catalog(catalog)
                .query("SELECT uv.sourceip, sum(r.pagerank), count(r.pagerank), sum(uv.adrevenue) "
                        + "FROM uservisits uv JOIN rankings r ON r.pageurl = uv.desturl "
                        + "WHERE uv.visitdate BETWEEN DATE '" + from + "' AND DATE '" + to + "' GROUP BY uv.sourceip",
                        "uservisits", "rankings").apply();
        job.setMapperClass(JoinPartials.class);
        job.setReducerClass(BestSource.class);
        job.setNumReduceTasks(1);
        job.setMapOutputKeyClass(Text.class);
        job.setMapOutputValueClass(Text.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(Text.class);
        return job;
    }

    /**
     * UDF aggregation: the number of links to each URL in the documents' HTML, found by a regular
     * expression in the mappers (work SQL expresses badly), summed in the reducers.
     */
    public static Job inlinks(Configuration conf, Path catalog, Path out) throws IOException {
        Job job = job(conf, "udf-aggregation", out);
        ChunkInputFormat.configure(job).catalog(catalog).query("SELECT contents FROM documents", "documents").fetchSize(200).apply();
        job.setMapperClass(LinkCount.class);
        job.setCombinerClass(CountReducer.class);
        job.setReducerClass(CountReducer.class);
        job.setMapOutputKeyClass(Text.class);
        job.setMapOutputValueClass(LongWritable.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(LongWritable.class);
        return job;
    }

    private static Job job(Configuration conf, String name, Path out) throws IOException {
        Configuration jobConf = new Configuration(conf);
        jobConf.setInt("mapreduce.client.completion.pollinterval", 100); // Hadoop waits 5 s between checks by default
        Job job = Job.getInstance(jobConf, "hand-coded " + name);
        job.setJarByClass(HandCodedJobs.class);
        JobClasspath.ship(job);
        job.setOutputFormatClass(TextOutputFormat.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(NullWritable.class);
        FileOutputFormat.setOutputPath(job, out);
        return job;
    }

    private static String literal(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    /** A row as one tab-separated text line. */
    public static final class RowAsText extends Mapper<LongWritable, Row, Text, NullWritable> {
        private final Text line = new Text();
        private final StringBuilder sb = new StringBuilder();

        @Override
        protected void map(LongWritable key, Row row, Context ctx) throws IOException, InterruptedException {
            sb.setLength(0);
            for (int i = 0; i < row.size(); i++) {
                sb.append(i == 0 ? "" : "\t").append(row.isNull(i) ? "NULL" : String.valueOf(row.get(i)));
            }
            line.set(sb.toString());
            ctx.write(line, NullWritable.get());
        }
    }

    /** (group, partial sum) rows as key and value. */
    public static final class GroupSum extends Mapper<LongWritable, Row, Text, DoubleWritable> {
        private final Text group = new Text();
        private final DoubleWritable sum = new DoubleWritable();

        @Override
        protected void map(LongWritable key, Row row, Context ctx) throws IOException, InterruptedException {
            if (row.isNull(0) || row.isNull(1)) {
                return;
            }
            group.set(row.getString(0));
            sum.set(row.getDouble(1));
            ctx.write(group, sum);
        }
    }

    /** Adds doubles. */
    public static final class SumReducer extends Reducer<Text, DoubleWritable, Text, DoubleWritable> {
        private final DoubleWritable total = new DoubleWritable();

        @Override
        protected void reduce(Text key, Iterable<DoubleWritable> values, Context ctx) throws IOException, InterruptedException {
            double s = 0;
            for (DoubleWritable v : values) {
                s += v.get();
            }
            total.set(s);
            ctx.write(key, total);
        }
    }

    /** Adds counts. */
    public static final class CountReducer extends Reducer<Text, LongWritable, Text, LongWritable> {
        private final LongWritable total = new LongWritable();

        @Override
        protected void reduce(Text key, Iterable<LongWritable> values, Context ctx) throws IOException, InterruptedException {
            long s = 0;
            for (LongWritable v : values) {
                s += v.get();
            }
            total.set(s);
            ctx.write(key, total);
        }
    }

    /** A chunk's (source IP, rank sum, rank count, revenue) partial aggregate, as text for the one reducer. */
    public static final class JoinPartials extends Mapper<LongWritable, Row, Text, Text> {
        private final Text ip = new Text();
        private final Text partial = new Text();

        @Override
        protected void map(LongWritable key, Row row, Context ctx) throws IOException, InterruptedException {
            ip.set(row.getString(0));
            partial.set((row.isNull(1) ? 0 : row.getLong(1)) + "\t" + row.getLong(2) + "\t" + (row.isNull(3) ? 0 : row.getDouble(3)));
            ctx.write(ip, partial);
        }
    }

    /** Merges the partials per source IP and writes the one with the most revenue (ties: the smallest IP). */
    public static final class BestSource extends Reducer<Text, Text, Text, Text> {
        private String best;
        private double bestRevenue = Double.NEGATIVE_INFINITY;
        private double bestRank;

        @Override
        protected void reduce(Text key, Iterable<Text> values, Context ctx) {
            long rankSum = 0;
            long rankCount = 0;
            double revenue = 0;
            for (Text v : values) {
                String[] f = v.toString().split("\t");
                rankSum += Long.parseLong(f[0]);
                rankCount += Long.parseLong(f[1]);
                revenue += Double.parseDouble(f[2]);
            }
            if (revenue > bestRevenue) {
                best = key.toString();
                bestRevenue = revenue;
                bestRank = rankCount == 0 ? Double.NaN : (double) rankSum / rankCount;
            }
        }

        @Override
        protected void cleanup(Context ctx) throws IOException, InterruptedException {
            if (best != null) {
                ctx.write(new Text(best), new Text(String.format(Locale.ROOT, "%s\t%s", bestRevenue, bestRank)));
            }
        }
    }

    /** Emits (url, 1) for every link target in a document's HTML. */
    public static final class LinkCount extends Mapper<LongWritable, Row, Text, LongWritable> {
        /** BENCHMARK.md's link pattern; group 1 is the target. */
        public static final Pattern LINK = Pattern.compile("<a href=\"http://([\\w./\\d]+\\.html)\">link</a>",
                Pattern.CASE_INSENSITIVE);
        private static final LongWritable ONE = new LongWritable(1);
        private final Text url = new Text();

        @Override
        protected void map(LongWritable key, Row row, Context ctx) throws IOException, InterruptedException {
            if (row.isNull(0)) {
                return;
            }
            Matcher m = LINK.matcher(row.getString(0));
            while (m.find()) {
                url.set(m.group(1));
                ctx.write(url, ONE);
            }
        }
    }
}
