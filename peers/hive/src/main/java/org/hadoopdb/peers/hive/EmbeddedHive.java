package org.hadoopdb.peers.hive;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.DriverFactory;
import org.apache.hadoop.hive.ql.IDriver;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.apache.hadoop.hive.ql.session.SessionState;
import org.hadoopdb.peers.protocol.PeerException;

/**
 * Apache Hive running inside this JVM: one session over a metastore and warehouse in the work directory
 * ({@link HiveWorkDirConf}), each statement compiled and run by Hive's own driver, query results fetched through
 * Hive's fetch path.
 */
final class EmbeddedHive implements AutoCloseable {
    /** Rows asked of the fetch task at a time. */
    private static final int FETCH_ROWS = 1000;

    private final HiveConf conf;
    private final SessionState session;

    /** Starts a session; the metastore's Derby database is created on first use. */
    EmbeddedHive(Path workDir) {
        this.conf = HiveWorkDirConf.create(workDir);
        this.session = SessionState.start(new SessionState(conf, System.getProperty("user.name")));
    }

    /** Runs a statement that returns no rows (DDL, USE, CREATE TABLE AS SELECT). */
    void execute(String sql) {
        run(sql, row -> {
            throw new PeerException("Hive returned rows for a statement that should have none: " + sql);
        });
    }

    /** Runs a query and hands each row's values to {@code rows} as Hive's Java values (null for NULL). */
    void query(String sql, Consumer<Object[]> rows) {
        run(sql, rows);
    }

    private void run(String sql, Consumer<Object[]> rows) {
        IDriver driver = DriverFactory.newDriver(conf);
        try {
            driver.run(sql);
            driver.setMaxRows(FETCH_ROWS);
            List<Object> batch = new ArrayList<>();
            while (driver.getResults(batch)) {
                for (Object row : batch) {
                    rows.accept(asRow(row, sql));
                }
                batch.clear();
            }
        } catch (CommandProcessorException e) {
            throw new PeerException("Hive failed on '" + sql + "': " + e.getMessage(), e);
        } catch (IOException e) {
            throw new PeerException("Hive could not fetch the results of '" + sql + "': " + e.getMessage(), e);
        } finally {
            driver.close();
            driver.destroy();
        }
    }

    private static Object[] asRow(Object row, String sql) {
        if (row instanceof Object[] values) {
            return values;
        }
        // only the fetch task's rows go through the configured formatter; anything else is a statement's text output
        throw new PeerException("Hive returned '" + row + "' where a row of values was expected, for: " + sql);
    }

    @Override
    public void close() throws IOException {
        session.close();
    }
}
