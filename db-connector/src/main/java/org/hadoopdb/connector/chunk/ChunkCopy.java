package org.hadoopdb.connector.chunk;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableUtils;
import org.hadoopdb.catalog.model.CredentialRef;
import org.hadoopdb.catalog.model.NodeInfo;

/**
 * One copy of a chunk a task can read: the node holding it and the schemas that bind the
 * statement's logical table names to that copy's tables ({@code search_path}).
 */
public record ChunkCopy(NodeInfo node, List<String> searchPath) {
    public ChunkCopy {
        searchPath = List.copyOf(searchPath);
    }

    void write(DataOutput out) throws IOException {
        Text.writeString(out, node.id());
        Text.writeString(out, node.host());
        Text.writeString(out, node.jdbcUrl());
        Text.writeString(out, node.user());
        Text.writeString(out, node.credential().toString());
        out.writeBoolean(node.embedded());
        WritableUtils.writeVInt(out, searchPath.size());
        for (String s : searchPath) {
            Text.writeString(out, s);
        }
    }

    static ChunkCopy read(DataInput in) throws IOException {
        NodeInfo node = new NodeInfo(Text.readString(in), Text.readString(in), Text.readString(in), Text.readString(in),
                CredentialRef.parse(Text.readString(in)), in.readBoolean());
        int n = WritableUtils.readVInt(in);
        List<String> path = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            path.add(Text.readString(in));
        }
        return new ChunkCopy(node, path);
    }
}
