package org.hadoopdb.loader.job;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;

/** The work of one node in a node-task job: the node's position and id, located on the node's host. */
public final class NodeSplit extends InputSplit implements Writable {
    private int position;
    private String nodeId = "";
    private String host = "";

    /** For Hadoop's reflection. */
    public NodeSplit() {
    }

    public NodeSplit(int position, String nodeId, String host) {
        this.position = position;
        this.nodeId = nodeId;
        this.host = host;
    }

    public int position() {
        return position;
    }

    public String nodeId() {
        return nodeId;
    }

    @Override
    public long getLength() {
        return 1;
    }

    @Override
    public String[] getLocations() {
        return new String[] {host};
    }

    @Override
    public void write(DataOutput out) throws IOException {
        out.writeInt(position);
        Text.writeString(out, nodeId);
        Text.writeString(out, host);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        position = in.readInt();
        nodeId = Text.readString(in);
        host = Text.readString(in);
    }

    @Override
    public String toString() {
        return "node " + nodeId + " (#" + position + ")";
    }
}
