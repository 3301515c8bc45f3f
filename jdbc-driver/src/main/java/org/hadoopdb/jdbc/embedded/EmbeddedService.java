package org.hadoopdb.jdbc.embedded;

import java.util.List;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;
import org.apache.calcite.avatica.remote.LocalProtobufService;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;

/**
 * Hands an embedded connection's requests to the server-side service in the same process. Requests
 * and answers go through the same protobuf encoding as over the network, and errors take the form a
 * remote server's take on the client (message, SQLState), so both kinds of connection behave alike.
 * Closing the connection releases the shared engine.
 */
final class EmbeddedService extends LocalProtobufService {
    private final Runnable onClose;
    private boolean closed;

    EmbeddedService(LocalService local, Runnable onClose) {
        super(local, new ProtobufTranslationImpl());
        this.onClose = onClose;
    }

    @Override
    public Response _apply(Request request) {
        try {
            return super._apply(request);
        } catch (AvaticaRuntimeException e) {
            throw new AvaticaClientRuntimeException(e.getErrorMessage(), e.getErrorCode(), e.getSqlState(),
                    e.getSeverity(), List.of(), null);
        } finally {
            if (request instanceof CloseConnectionRequest) {
                release();
            }
        }
    }

    private synchronized void release() {
        if (!closed) {
            closed = true;
            onClose.run();
        }
    }
}
