/* Linked into the static release binary only (scripts/build-release), in place of GnuTLS.

   Debian's libmicrohttpd.a is built with HTTPS support, so its objects name GnuTLS's
   functions; GnuTLS's static archive in turn needs p11-kit, which Debian ships only as a
   shared library, so a static executable cannot link the real thing. `luascreen preview`
   never asks libmicrohttpd for TLS (it serves http://127.0.0.1 only, no MHD_USE_TLS), and
   libmicrohttpd calls GnuTLS only on its TLS paths, except for the library's set-up and
   tear-down (gnutls_global_init/deinit), which succeed here doing nothing. Every other
   function aborts: reaching one would mean a TLS path ran, which must never happen.
   The debug and dynamic builds link the real GnuTLS through libmicrohttpd.so. */
#include <stddef.h>
#include <stdlib.h>

int gnutls_global_init(void) { return 0; }
void gnutls_global_deinit(void) {}
void *(*gnutls_malloc)(size_t) = malloc;

#define TLS_ONLY(name) int name(void); int name(void) { abort(); }
TLS_ONLY(gnutls_alpn_set_protocols)
TLS_ONLY(gnutls_bye)
TLS_ONLY(gnutls_certificate_allocate_credentials)
TLS_ONLY(gnutls_certificate_free_credentials)
TLS_ONLY(gnutls_certificate_server_set_request)
TLS_ONLY(gnutls_certificate_set_dh_params)
TLS_ONLY(gnutls_certificate_set_retrieve_function2)
TLS_ONLY(gnutls_certificate_set_retrieve_function3)
TLS_ONLY(gnutls_certificate_set_x509_key_mem)
TLS_ONLY(gnutls_certificate_set_x509_key_mem2)
TLS_ONLY(gnutls_certificate_set_x509_trust_mem)
TLS_ONLY(gnutls_cipher_get)
TLS_ONLY(gnutls_credentials_set)
TLS_ONLY(gnutls_deinit)
TLS_ONLY(gnutls_dh_params_deinit)
TLS_ONLY(gnutls_dh_params_import_pkcs3)
TLS_ONLY(gnutls_dh_params_init)
TLS_ONLY(gnutls_handshake)
TLS_ONLY(gnutls_init)
TLS_ONLY(gnutls_priority_deinit)
TLS_ONLY(gnutls_priority_init)
TLS_ONLY(gnutls_priority_set)
TLS_ONLY(gnutls_protocol_get_version)
TLS_ONLY(gnutls_psk_allocate_server_credentials)
TLS_ONLY(gnutls_psk_free_server_credentials)
TLS_ONLY(gnutls_psk_set_server_credentials_function)
TLS_ONLY(gnutls_record_check_pending)
TLS_ONLY(gnutls_record_get_direction)
TLS_ONLY(gnutls_record_recv)
TLS_ONLY(gnutls_record_send)
TLS_ONLY(gnutls_session_get_ptr)
TLS_ONLY(gnutls_session_set_ptr)
TLS_ONLY(gnutls_strerror)
TLS_ONLY(gnutls_transport_set_int2)
