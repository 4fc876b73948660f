/* acphys — private helpers of the message decoders (msg_*.c): the wire's shared pieces read
 * with the DAT layer's bounds-checked reader, offsets counting from the message's first byte. */
#ifndef ACP_NET_MSG_READ_H
#define ACP_NET_MSG_READ_H

#include "dat/reader.h"
#include "net/messages.h"

/** A Position (u32 cell, 3 f32 origin, f32 qw qx qy qz), every float finite. */
acp_net_position acp_msg_read_position(acp_reader *r, const char *field);
/** A motion list item (u16 command, u16 sequence | autonomous << 15, f32 speed). */
acp_motion_item acp_msg_read_item(acp_reader *r, const char *field);
/** A movement (u8 type, u8 flags, u16 style, then by type) up to r->size. */
void acp_msg_read_movement(acp_reader *r, acp_movement *m);
/** Fail with ERR_TRAILING_BYTES (mapped) when bytes are left. */
void acp_msg_expect_end(acp_reader *r, const char *field);
/** The reader's failure as a network status (OK while none). */
acp_net_status acp_msg_reader_status(const acp_reader *r);
/** A u32 list length packed above a flags field, checked against ACP_MSG_MAX_MOTION_ITEMS and
 *  the bytes left (8 per item), the failure placed at the packed word's offset `at`. */
uint32_t acp_msg_check_items(acp_reader *r, uint32_t n, size_t at, const char *field);

/** Decoders of the server's object messages (msg_object.c) and the PlayerDescription
 *  (msg_player.c); r is positioned after the opcode (or the GameEvent envelope). */
void acp_msg_read_create_object(acp_reader *r, acp_msg_create_object *m);
void acp_msg_read_player_description(acp_reader *r, acp_msg_player_description *m);

#endif
