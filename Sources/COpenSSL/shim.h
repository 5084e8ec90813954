#ifndef ASSIST_COPENSSL_SHIM_H
#define ASSIST_COPENSSL_SHIM_H
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/err.h>
/* Selections built from other macros, which Swift cannot import. */
static inline int assist_evp_pkey_public_key(void) { return EVP_PKEY_PUBLIC_KEY; }
static inline int assist_evp_pkey_keypair(void) { return EVP_PKEY_KEYPAIR; }
/* Parameter names with static storage: OSSL_PARAM_BLD keeps the key pointer until it builds, so a
   temporary C string made from a Swift string would dangle. */
static inline const char *assist_param_rsa_n(void) { return OSSL_PKEY_PARAM_RSA_N; }
static inline const char *assist_param_rsa_e(void) { return OSSL_PKEY_PARAM_RSA_E; }
static inline const char *assist_param_group(void) { return OSSL_PKEY_PARAM_GROUP_NAME; }
static inline const char *assist_param_pub(void) { return OSSL_PKEY_PARAM_PUB_KEY; }
static inline const char *assist_group_p256(void) { return SN_X9_62_prime256v1; }
#endif
