#ifndef ASSIST_COPENSSL_SHIM_H
#define ASSIST_COPENSSL_SHIM_H
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
#endif
