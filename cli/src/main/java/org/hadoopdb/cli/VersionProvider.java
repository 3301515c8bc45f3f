package org.hadoopdb.cli;

import picocli.CommandLine.IVersionProvider;

/** {@code hadoopdb --version}: our version (from the jar manifest) and the Java running it. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String version = HadoopDbCommand.class.getPackage().getImplementationVersion();
        return new String[] {"HadoopDB " + (version == null ? "(development build)" : version),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"};
    }
}
