; ModuleID = 'c_memcmp_fixed.scalar.ll'
source_filename = "c/libc_string.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local range(i32 -1, 2) i32 @c_memcmp_fixed(ptr noundef readonly align 1 captures(none) dereferenceable(64) %0, ptr noundef readonly align 1 captures(none) dereferenceable(64) %1) local_unnamed_addr #0 {
  br label %vector.ph

vector.ph:                                        ; preds = %2
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %3 = getelementptr inbounds nuw i8, ptr %0, i64 %index
  %4 = getelementptr inbounds nuw i8, ptr %3, i64 4
  %wide.load = load <4 x i8>, ptr %3, align 1, !tbaa !9
  %wide.load1 = load <4 x i8>, ptr %4, align 1, !tbaa !9
  %5 = getelementptr inbounds nuw i8, ptr %1, i64 %index
  %6 = getelementptr inbounds nuw i8, ptr %5, i64 4
  %wide.load2 = load <4 x i8>, ptr %5, align 1, !tbaa !9
  %wide.load3 = load <4 x i8>, ptr %6, align 1, !tbaa !9
  %7 = icmp ne <4 x i8> %wide.load, %wide.load2
  %8 = icmp ne <4 x i8> %wide.load1, %wide.load3
  %index.next = add nuw i64 %index, 8
  %9 = freeze <4 x i1> %7
  %10 = freeze <4 x i1> %8
  %11 = or <4 x i1> %9, %10
  %12 = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %11)
  %13 = icmp eq i64 %index.next, 64
  %14 = or i1 %12, %13
  br i1 %14, label %middle.split, label %vector.body, !llvm.loop !10

middle.split:                                     ; preds = %vector.body
  br i1 %12, label %vector.early.exit, label %middle.block

middle.block:                                     ; preds = %middle.split
  br label %32

vector.early.exit:                                ; preds = %middle.split
  %first.active.lane = call i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1> %8, i1 false)
  %15 = add i64 4, %first.active.lane
  %first.active.lane4 = call i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1> %7, i1 false)
  %16 = add i64 0, %first.active.lane4
  %17 = icmp ne i64 %first.active.lane4, 4
  %18 = select i1 %17, i64 %16, i64 %15
  %19 = extractelement <4 x i8> %wide.load, i64 %18
  %20 = sub i64 %18, 4
  %21 = extractelement <4 x i8> %wide.load1, i64 %20
  %22 = icmp uge i64 %18, 4
  %23 = select i1 %22, i8 %21, i8 %19
  %24 = extractelement <4 x i8> %wide.load2, i64 %18
  %25 = sub i64 %18, 4
  %26 = extractelement <4 x i8> %wide.load3, i64 %25
  %27 = icmp uge i64 %18, 4
  %28 = select i1 %27, i8 %26, i8 %24
  br label %29

29:                                               ; preds = %vector.early.exit
  %30 = icmp ult i8 %23, %28
  %31 = select i1 %30, i32 -1, i32 1
  br label %33

32:                                               ; preds = %middle.block
  br label %33

33:                                               ; preds = %32, %29
  %34 = phi i32 [ %31, %29 ], [ 0, %32 ]
  ret i32 %34
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i1 @llvm.vector.reduce.or.v4i1(<4 x i1>) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1>, i1 immarg) #1

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!7, !7, i64 0}
!10 = distinct !{!10, !11, !12, !13, !14}
!11 = !{!"llvm.loop.mustprogress"}
!12 = !{!"llvm.loop.unroll.disable"}
!13 = !{!"llvm.loop.isvectorized", i32 1}
!14 = !{!"llvm.loop.unroll.runtime.disable"}
