package org.hadoopdb.runtime.mr;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.util.ReflectionUtils;

/** A split of one of a stage's inputs, tagged with that input's position so the mapper picks its operators. */
public final class StageSplit extends InputSplit implements Writable, Configurable {
    private int input;
    private InputSplit delegate;
    private Configuration conf;

    public StageSplit() {
    }

    public StageSplit(int input, InputSplit delegate) {
        this.input = input;
        this.delegate = delegate;
    }

    public int input() {
        return input;
    }

    public InputSplit delegate() {
        return delegate;
    }

    @Override
    public long getLength() throws IOException, InterruptedException {
        return delegate.getLength();
    }

    @Override
    public String[] getLocations() throws IOException, InterruptedException {
        return delegate.getLocations();
    }

    @Override
    public void write(DataOutput out) throws IOException {
        out.writeInt(input);
        Text.writeString(out, delegate.getClass().getName());
        ((Writable) delegate).write(out);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        input = in.readInt();
        String className = Text.readString(in);
        try {
            Class<?> c = conf != null ? conf.getClassByName(className) : Class.forName(className);
            delegate = (InputSplit) ReflectionUtils.newInstance(c, conf);
        } catch (ClassNotFoundException e) {
            throw new IOException("Unknown split class " + className, e);
        }
        ((Writable) delegate).readFields(in);
    }

    @Override
    public void setConf(Configuration configuration) {
        this.conf = configuration;
    }

    @Override
    public Configuration getConf() {
        return conf;
    }

    @Override
    public String toString() {
        return "input " + input + ": " + delegate;
    }
}
