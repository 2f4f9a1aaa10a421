/* SPDX-License-Identifier: MIT */
/*
 * Names of the error codes (vaios/error.h), for logs and test output.
 */
#include "vaios/error.h"

const char *vos_strerror(int err)
{
    switch (err) {
    case VOS_OK:              return "ok";
    case VOS_ERR_TIMEOUT:     return "timeout";
    case VOS_ERR_WOULD_BLOCK: return "would block";
    case VOS_ERR_CONTEXT:     return "wrong context";
    case VOS_ERR_INVALID:     return "invalid object";
    case VOS_ERR_DELETED:     return "object deleted";
    case VOS_ERR_NOT_OWNER:   return "not owner";
    case VOS_ERR_OVERFLOW:    return "overflow";
    case VOS_ERR_NO_MEMORY:   return "no memory";
    case VOS_ERR_ARG:         return "invalid argument";
    case VOS_ERR_STATE:       return "wrong state";
    case VOS_ERR_CORRUPT:     return "corrupt";
    case VOS_ERR_DEADLOCK:    return "deadlock";
    case VOS_ERR_ABORTED:     return "aborted";
    case VOS_ERR_TOO_BIG:     return "too big";
    case VOS_ERR_PERM:        return "not permitted";
    case VOS_ERR_LAYOUT:      return "impossible memory layout";
    case VOS_ERR_NO_SERVICE:  return "no timer service";
    case VOS_ERR_BUSY:        return "callback in progress";
    case VOS_ERR_LATE:        return "deadline already passed";
    case VOS_ERR_NO_RECORD:   return "no fault record";
    default:                  return "unknown error";
    }
}
