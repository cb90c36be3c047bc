; ModuleID = 'find_byte.scalar.ll'
source_filename = "c/scalable.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "aarch64-unknown-linux-gnu"

@s8 = external dso_local local_unnamed_addr global [256 x i8], align 1

; Function Attrs: nofree norecurse nosync nounwind memory(read, argmem: none, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable vscale_range(1,16)
define dso_local range(i64 -1, 256) i64 @find_byte(i8 noundef %0) local_unnamed_addr #0 {
  br label %vector.ph

vector.ph:                                        ; preds = %1
  %2 = call i64 @llvm.vscale.i64()
  %3 = shl nuw i64 %2, 4
  %n.mod.vf = urem i64 256, %3
  %n.vec = sub i64 256, %n.mod.vf
  %broadcast.splatinsert = insertelement <vscale x 16 x i8> poison, i8 %0, i64 0
  %broadcast.splat = shufflevector <vscale x 16 x i8> %broadcast.splatinsert, <vscale x 16 x i8> poison, <vscale x 16 x i32> zeroinitializer
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %4 = getelementptr inbounds nuw i8, ptr @s8, i64 %index
  %wide.load = load <vscale x 16 x i8>, ptr %4, align 1, !tbaa !10
  %5 = icmp eq <vscale x 16 x i8> %wide.load, %broadcast.splat
  %index.next = add nuw i64 %index, %3
  %6 = freeze <vscale x 16 x i1> %5
  %7 = call i1 @llvm.vector.reduce.or.nxv16i1(<vscale x 16 x i1> %6)
  %8 = icmp eq i64 %index.next, %n.vec
  %9 = or i1 %7, %8
  br i1 %9, label %middle.split, label %vector.body, !llvm.loop !11

middle.split:                                     ; preds = %vector.body
  br i1 %7, label %vector.early.exit, label %middle.block

middle.block:                                     ; preds = %middle.split
  %cmp.n = icmp eq i64 256, %n.vec
  br i1 %cmp.n, label %20, label %scalar.ph

vector.early.exit:                                ; preds = %middle.split
  %10 = call i64 @llvm.experimental.cttz.elts.i64.nxv16i1(<vscale x 16 x i1> %5, i1 false)
  %11 = add i64 %index, %10
  br label %20

scalar.ph:                                        ; preds = %middle.block
  br label %12

12:                                               ; preds = %scalar.ph, %17
  %13 = phi i64 [ %n.vec, %scalar.ph ], [ %18, %17 ]
  %14 = getelementptr inbounds nuw i8, ptr @s8, i64 %13
  %15 = load i8, ptr %14, align 1, !tbaa !10
  %16 = icmp eq i8 %15, %0
  br i1 %16, label %20, label %17

17:                                               ; preds = %12
  %18 = add nuw nsw i64 %13, 1
  %19 = icmp eq i64 %18, 256
  br i1 %19, label %20, label %12, !llvm.loop !16

20:                                               ; preds = %vector.early.exit, %middle.block, %17, %12
  %21 = phi i64 [ %13, %12 ], [ -1, %17 ], [ -1, %middle.block ], [ %11, %vector.early.exit ]
  ret i64 %21
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.vscale.i64() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i1 @llvm.vector.reduce.or.nxv16i1(<vscale x 16 x i1>) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.experimental.cttz.elts.i64.nxv16i1(<vscale x 16 x i1>, i1 immarg) #1

attributes #0 = { nofree norecurse nosync nounwind memory(read, argmem: none, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable vscale_range(1,16) "frame-pointer"="non-leaf-no-reserve" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="generic" "target-features"="+bti,+ccidx,+complxnum,+crc,+dit,+dotprod,+flagm,+fp-armv8,+fullfp16,+jsconv,+lse,+neon,+pauth,+predres,+ras,+rcpc,+rdm,+sb,+ssbs,+sve,+sve2,+v8.1a,+v8.2a,+v8.3a,+v8.4a,+v8.5a,+v8a,+v9a,-fmv" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}
!llvm.errno.tbaa = !{!6}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 4}
!5 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!8, !8, i64 0}
!11 = distinct !{!11, !12, !13, !14, !15}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!"llvm.loop.unroll.disable"}
!14 = !{!"llvm.loop.isvectorized", i32 1}
!15 = !{!"llvm.loop.unroll.runtime.disable"}
!16 = distinct !{!16, !12, !13, !14}
