package org.hadoopdb.peers.hive;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hadoopdb.peers.protocol.Peer;
import org.hadoopdb.peers.protocol.PeerException;
import org.hadoopdb.peers.protocol.PeerTable;
import org.hadoopdb.peers.protocol.ResultWriter;

/**
 * Apache Hive as a benchmark peer. Each variant is a Hive database of the same name: {@code text}, external tables
 * over the text files as they are (nothing to load), and {@code orc}, copies in Hive's ORC format written by
 * {@code CREATE TABLE … STORED AS ORC AS SELECT} from the text tables (the timed load). A query runs after
 * {@code USE} of its variant's database, so the task SQL names its tables plainly.
 */
final class HivePeer implements Peer {
    static final String TEXT = "text";
    static final String ORC = "orc";

    private final EmbeddedHive hive;
    private final Map<String, PeerTable> tables = new HashMap<>();

    HivePeer(Path workDir) {
        this.hive = new EmbeddedHive(workDir);
        for (String variant : variants()) {
            hive.execute(HiveTableDdl.createDatabase(variant));
        }
    }

    @Override
    public List<String> variants() {
        return List.of(TEXT, ORC);
    }

    @Override
    public void define(PeerTable table) {
        hive.execute(HiveTableDdl.drop(TEXT, table.name()));
        hive.execute(HiveTableDdl.externalText(TEXT, table));
        tables.put(table.name(), table);
    }

    @Override
    public void load(String table, String variant) {
        if (!tables.containsKey(table)) {
            throw new PeerException("Table '" + table + "' is not defined (DEFINE it before LOAD)");
        }
        switch (variantOf(variant)) {
            case TEXT -> {
                // the external table reads the files as they are
            }
            case ORC -> {
                hive.execute(HiveTableDdl.drop(ORC, table));
                hive.execute(HiveTableDdl.orcCopy(ORC, TEXT, table));
            }
            default -> throw new IllegalStateException(variant);
        }
    }

    @Override
    public void query(String variant, String sql, ResultWriter out) {
        hive.execute("USE " + variantOf(variant));
        hive.query(sql, row -> out.row(HiveValues.texts(row)));
    }

    private String variantOf(String variant) {
        if (!variants().contains(variant)) {
            throw new PeerException("Hive has no variant '" + variant + "': " + variants());
        }
        return variant;
    }

    @Override
    public void close() throws IOException {
        hive.close();
    }
}
