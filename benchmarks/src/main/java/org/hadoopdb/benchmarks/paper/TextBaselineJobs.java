package org.hadoopdb.benchmarks.paper;

import java.io.IOException;
import java.time.LocalDate;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.connector.job.JobClasspath;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DoubleWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.KeyValueTextInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.hadoopdb.benchmarks.mr.HandCodedJobs;

/**
 * The paper's Hadoop baseline: the same tasks as hand-written MapReduce jobs over the delimited text
 * files themselves (no database), parsing every line in the mappers as Pavlo et al.'s Hadoop code did.
 */
public final class TextBaselineJobs {
    static final String THRESHOLD = "bench.selection.threshold";
    static final String PATTERN = "bench.grep.pattern";
    static final String FROM = "bench.join.from";
    static final String TO = "bench.join.to";
    static final String SMALL = "bench.aggregation.small";

    private TextBaselineJobs() {
    }

    public static Job grep(Configuration conf, Path input, String pattern, Path out) throws IOException {
        Job job = job(conf, "grep", input, out);
        job.getConfiguration().set(PATTERN, pattern);
        job.setMapperClass(GrepMapper.class);
        job.setNumReduceTasks(0);
        return job;
    }

    public static Job selection(Configuration conf, Path input, long threshold, Path out) throws IOException {
        Job job = job(conf, "selection", input, out);
        job.getConfiguration().setLong(THRESHOLD, threshold);
        job.setMapperClass(SelectionMapper.class);
        job.setNumReduceTasks(0);
        return job;
    }

    public static Job aggregation(Configuration conf, Path input, boolean small, Path out) throws IOException {
        Job job = job(conf, small ? "aggregation-small" : "aggregation-large", input, out);
        job.getConfiguration().setBoolean(SMALL, small);
        job.setMapperClass(RevenueMapper.class);
        job.setCombinerClass(HandCodedJobs.SumReducer.class);
        job.setReducerClass(HandCodedJobs.SumReducer.class);
        job.setMapOutputKeyClass(Text.class);
        job.setMapOutputValueClass(DoubleWritable.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(DoubleWritable.class);
        return job;
    }

    /**
     * Join, phase 1 of 2: a repartition join of Rankings and the UserVisits of the date range on the
     * URL, emitting (sourceIP, pageRank, adRevenue) per joined visit. Phase 2 is {@link #joinBest}.
     */
    public static Job joinPhase1(Configuration conf, Path rankings, Path userVisits, LocalDate from, LocalDate to, Path out)
            throws IOException {
        Job job = job(conf, "join-1", rankings, out);
        FileInputFormat.addInputPath(job, userVisits);
        job.getConfiguration().set(FROM, from.toString());
        job.getConfiguration().set(TO, to.toString());
        job.setMapperClass(JoinMapper.class);
        job.setReducerClass(JoinReducer.class);
        job.setMapOutputKeyClass(Text.class);
        job.setMapOutputValueClass(Text.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(Text.class);
        return job;
    }

    /** Join, phase 2: per source IP, the average rank and the revenue; the one with the most revenue. */
    public static Job joinBest(Configuration conf, Path phase1, Path out) throws IOException {
        Job job = job(conf, "join-2", phase1, out);
        job.setInputFormatClass(KeyValueTextInputFormat.class);
        job.setMapperClass(Mapper.class);
        job.setReducerClass(HandCodedJobs.BestSource.class);
        job.setNumReduceTasks(1);
        job.setMapOutputKeyClass(Text.class);
        job.setMapOutputValueClass(Text.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(Text.class);
        return job;
    }

    /** UDF aggregation: links per target URL in the concatenated HTML pages, with a summing combiner. */
    public static Job inlinks(Configuration conf, Path documents, Path out) throws IOException {
        Job job = job(conf, "udf-aggregation", documents, out);
        job.setMapperClass(LinkLineMapper.class);
        job.setCombinerClass(HandCodedJobs.CountReducer.class);
        job.setReducerClass(HandCodedJobs.CountReducer.class);
        job.setMapOutputKeyClass(Text.class);
        job.setMapOutputValueClass(LongWritable.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(LongWritable.class);
        return job;
    }

    /** Emits (url, 1) for each link on a line of HTML (a link never spans lines: the generator breaks lines between tokens). */
    public static final class LinkLineMapper extends Mapper<LongWritable, Text, Text, LongWritable> {
        private static final LongWritable ONE = new LongWritable(1);
        private final Text url = new Text();

        @Override
        protected void map(LongWritable key, Text line, Context ctx) throws IOException, InterruptedException {
            java.util.regex.Matcher m = HandCodedJobs.LinkCount.LINK.matcher(line.toString());
            while (m.find()) {
                url.set(m.group(1));
                ctx.write(url, ONE);
            }
        }
    }

    private static Job job(Configuration conf, String name, Path input, Path out) throws IOException {
        Configuration c = new Configuration(conf);
        c.setInt("mapreduce.client.completion.pollinterval", 100);
        Job job = Job.getInstance(c, "hadoop text " + name);
        job.setJarByClass(TextBaselineJobs.class);
        JobClasspath.ship(job); // on a cluster, the tasks need these classes (a development build has no jar)
        job.setInputFormatClass(TextInputFormat.class);
        FileInputFormat.addInputPath(job, input);
        FileInputFormat.setInputDirRecursive(job, true);
        job.setOutputFormatClass(TextOutputFormat.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(NullWritable.class);
        FileOutputFormat.setOutputPath(job, out);
        return job;
    }

    /** Lines containing the pattern. */
    public static final class GrepMapper extends Mapper<LongWritable, Text, Text, NullWritable> {
        private String pattern;

        @Override
        protected void setup(Context ctx) {
            pattern = ctx.getConfiguration().get(PATTERN);
        }

        @Override
        protected void map(LongWritable key, Text line, Context ctx) throws IOException, InterruptedException {
            if (line.toString().contains(pattern)) {
                ctx.write(line, NullWritable.get());
            }
        }
    }

    /** pageRank|pageURL|avgDuration lines ranked above the threshold, as pageURL TAB pageRank. */
    public static final class SelectionMapper extends Mapper<LongWritable, Text, Text, NullWritable> {
        private long threshold;
        private final Text outLine = new Text();

        @Override
        protected void setup(Context ctx) {
            threshold = ctx.getConfiguration().getLong(THRESHOLD, 0);
        }

        @Override
        protected void map(LongWritable key, Text line, Context ctx) throws IOException, InterruptedException {
            String[] f = line.toString().split("\\|");
            long rank = Long.parseLong(f[0]);
            if (rank > threshold) {
                outLine.set(f[1] + "\t" + rank);
                ctx.write(outLine, NullWritable.get());
            }
        }
    }

    /** UserVisits lines as (sourceIP or its 7-character prefix, adRevenue). */
    public static final class RevenueMapper extends Mapper<LongWritable, Text, Text, DoubleWritable> {
        private boolean small;
        private final Text ip = new Text();
        private final DoubleWritable revenue = new DoubleWritable();

        @Override
        protected void setup(Context ctx) {
            small = ctx.getConfiguration().getBoolean(SMALL, false);
        }

        @Override
        protected void map(LongWritable key, Text line, Context ctx) throws IOException, InterruptedException {
            String[] f = line.toString().split("\\|");
            ip.set(small ? f[0].substring(0, Math.min(7, f[0].length())) : f[0]);
            revenue.set(Double.parseDouble(f[3]));
            ctx.write(ip, revenue);
        }
    }

    /** Tags each Rankings line R and each UserVisits line in the date range V, keyed by URL. */
    public static final class JoinMapper extends Mapper<LongWritable, Text, Text, Text> {
        private LocalDate from;
        private LocalDate to;
        private final Text url = new Text();
        private final Text value = new Text();

        @Override
        protected void setup(Context ctx) {
            from = LocalDate.parse(ctx.getConfiguration().get(FROM));
            to = LocalDate.parse(ctx.getConfiguration().get(TO));
        }

        @Override
        protected void map(LongWritable key, Text line, Context ctx) throws IOException, InterruptedException {
            String[] f = line.toString().split("\\|");
            if (f.length == 3) {
                url.set(f[1]);
                value.set("R" + f[0]);
                ctx.write(url, value);
            } else {
                LocalDate day = LocalDate.parse(f[2]);
                if (!day.isBefore(from) && !day.isAfter(to)) {
                    url.set(f[1]);
                    value.set("V" + f[0] + "\t" + f[3]);
                    ctx.write(url, value);
                }
            }
        }
    }

    /** Joins one URL's rank with its visits: (sourceIP, rank sum, rank count, revenue) per visit. */
    public static final class JoinReducer extends Reducer<Text, Text, Text, Text> {
        private final java.util.List<String[]> visits = new java.util.ArrayList<>();
        private final Text ip = new Text();
        private final Text partial = new Text();

        @Override
        protected void reduce(Text url, Iterable<Text> values, Context ctx) throws IOException, InterruptedException {
            visits.clear();
            Long rank = null;
            for (Text v : values) {
                String s = v.toString();
                if (s.charAt(0) == 'R') {
                    rank = Long.parseLong(s.substring(1));
                } else {
                    visits.add(s.substring(1).split("\t"));
                }
            }
            if (rank == null) {
                return;
            }
            for (String[] visit : visits) {
                ip.set(visit[0]);
                partial.set(String.format(Locale.ROOT, "%d\t1\t%s", rank, visit[1]));
                ctx.write(ip, partial);
            }
        }
    }
}
